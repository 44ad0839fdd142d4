import type { ChallengeSessionOptions } from './challenge-sessions';
import { CognitoError } from './cognito-error';
import type { ClientInfo, Json, PasswordPolicy, UserRecord } from './cognito-rules';
import { decodeJwt, JwtError, verifyJwt, type JwtPayload, type remoteJwks } from '../jwt';
import type { AdminGateOptions } from './admin-gate';
import type { TriggerFunction } from './proxy-triggers';
import { ResetRequired } from './reset-required';
import { Revocations } from './revocations';
import { signingKeyObject } from './signing-key';
import { Upstream } from './upstream';

export interface CognitoProxyOptions {
  /** cognito-local's URL. */
  upstream: string;
  /** The stack's secret cognito-local answers only with (internal-only.ts). */
  upstreamSecret: string;
  port: number;
  /** JSON file keeping revoked users and tokens across restarts. */
  revocationsFile: string;
  /** The stack's signing key (signing-key.ts), which cognito-local signs with too. */
  signingKeyFile: string;
  /** JSON file keeping the users whose password was reset by an administrator (RESET_REQUIRED). */
  resetRequiredFile: string;
  /** JSON file keeping the users' passkeys (passkey-operations.ts). */
  webAuthnCredentialsFile: string;
  /** The pool's passkey relying party id (Cognito's WebAuthnRelyingPartyID); none: passkeys not configured. */
  passkeyRelyingPartyId?: string;
  /**
   * The PreSignUp trigger, invoked here (through the Lambda Invoke API at lambdaEndpoint) before
   * SignUp goes up: Cognito runs it before it checks that the address is free; cognito-local after.
   */
  preSignUp?: TriggerFunction;
  /** The PreAuthentication trigger, which cognito-local does not run: invoked here for password sign-ins. */
  preAuthentication?: TriggerFunction;
  /** The function EventBridge runs for Cognito's CloudTrail events of security changes (audit-events.ts). */
  securityEvents?: TriggerFunction;
  /** Sign-in challenge sessions (3 minutes by default; tests pass a clock). */
  challengeSessions?: ChallengeSessionOptions;
  /** cognito-local's trigger function names -> Cognito's trigger names (PreTokenGeneration, ...). */
  triggerNames?: Readonly<Record<string, string>>;
  /** Admin operations pass this IAM gate first, as in AWS (admin-gate.ts); none: standalone, unchecked. */
  iamGate?: AdminGateOptions;
}

/** What every group of operations reads: cognito-local, the proxy's own state and Cognito's checks. */
export type ProxyContext = ReturnType<typeof proxyContext>;

/** cognito-local plus what the proxy keeps beside it (revocations, RESET_REQUIRED users, app clients). */
export function proxyContext(opts: CognitoProxyOptions) {
  const up = new Upstream(opts.upstream, opts.upstreamSecret, opts.triggerNames);
  const revocations = new Revocations(opts.revocationsFile);
  const resetRequired = new ResetRequired(opts.resetRequiredFile);
  const clients = new Map<string, Promise<ClientInfo>>();
  const policies = new Map<string, Promise<PasswordPolicy | undefined>>();
  let jwks: ReturnType<typeof remoteJwks> | undefined;

  const clientInfo = (clientId: string): Promise<ClientInfo> => {
    let info = clients.get(clientId);
    if (!info) {
      info = lookUpClient(clientId);
      clients.set(clientId, info);
      info.catch(() => clients.delete(clientId));
    }
    return info;
  };
  const lookUpClient = async (clientId: string): Promise<ClientInfo> => {
    const { UserPools = [] } = await up.call<{ UserPools?: { Id: string }[] }>('ListUserPools', {
      MaxResults: 60,
    });
    for (const pool of UserPools) {
      const { UserPoolClients = [] } = await up.call<{ UserPoolClients?: { ClientId: string }[] }>(
        'ListUserPoolClients',
        { UserPoolId: pool.Id },
      );
      if (!UserPoolClients.some((c) => c.ClientId === clientId)) continue;
      const { UserPoolClient } = await up.call<{
        UserPoolClient?: { PreventUserExistenceErrors?: string; WriteAttributes?: string[] };
      }>('DescribeUserPoolClient', { UserPoolId: pool.Id, ClientId: clientId });
      const write = UserPoolClient?.WriteAttributes;
      return {
        userPoolId: pool.Id,
        preventUserExistenceErrors: UserPoolClient?.PreventUserExistenceErrors === 'ENABLED',
        writeAttributes: write?.length ? new Set(write) : undefined,
      };
    }
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  };
  const passwordPolicy = (poolId: string) => {
    let policy = policies.get(poolId);
    if (!policy) {
      policy = up
        .call<{ UserPool?: { Policies?: { PasswordPolicy?: PasswordPolicy } } }>('DescribeUserPool', {
          UserPoolId: poolId,
        })
        .then((r) => r.UserPool?.Policies?.PasswordPolicy);
      policies.set(poolId, policy);
      policy.catch(() => policies.delete(poolId));
    }
    return policy;
  };
  const findUser = async (poolId: string, username: string): Promise<UserRecord | null> => {
    try {
      return await up.call<UserRecord>('AdminGetUser', { UserPoolId: poolId, Username: username });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotFoundException') return null;
      throw error;
    }
  };
  /** With prevent-user-existence errors on, an unknown user gets what a known one would. */
  const unknownUser = (info: ClientInfo, fake: () => Json): Json => {
    if (info.preventUserExistenceErrors) return fake();
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  };

  const verifyAccessToken = async (token: unknown): Promise<JwtPayload & { username: string }> => {
    if (typeof token !== 'string') throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    let payload: JwtPayload;
    try {
      // cognito-local signs every pool's tokens with one key, so one JWKS serves all pools.
      const poolId =
        String(decodeJwt(token).payload.iss ?? '')
          .split('/')
          .pop() ?? '';
      jwks ??= up.jwks(poolId);
      payload = await verifyJwt(token, jwks);
    } catch (error) {
      if (error instanceof JwtError && error.reason === 'expired') {
        throw new CognitoError('NotAuthorizedException', 'Access Token has expired');
      }
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    if (payload.token_use !== 'access' || typeof payload.username !== 'string') {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const username = payload.username;
    if (revocations.isRevoked({ username, jti: payload.jti, iat: payload.iat })) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return { ...payload, username };
  };
  const checkRefreshToken = (token: unknown): void => {
    let payload: JwtPayload;
    try {
      payload = decodeJwt(String(token)).payload;
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    }
    if (payload.exp !== undefined && payload.exp * 1000 < Date.now()) {
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
    }
    const username = String(payload['cognito:username'] ?? '');
    if (revocations.isRevoked({ username, jti: payload.jti, iat: payload.iat })) {
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
    }
  };
  /** Records issue times and fills what cognito-local leaves out of AuthenticationResult. */
  const completeTokens = (result: Json): Json => {
    const auth = result.AuthenticationResult as Record<string, unknown> | undefined;
    if (!auth) return result;
    for (const key of ['AccessToken', 'IdToken', 'RefreshToken']) {
      const token = auth[key];
      if (typeof token === 'string') revocations.recordIssued(decodeJwt(token).payload.jti);
    }
    if (typeof auth.AccessToken === 'string') {
      const { exp = 0, iat = 0 } = decodeJwt(auth.AccessToken).payload;
      auth.ExpiresIn ??= exp - iat;
    }
    auth.TokenType ??= 'Bearer';
    return result;
  };
  return {
    opts,
    up,
    revocations,
    resetRequired,
    clientInfo,
    passwordPolicy,
    findUser,
    unknownUser,
    verifyAccessToken,
    checkRefreshToken,
    completeTokens,
    signingKey: signingKeyObject(opts.signingKeyFile),
  };
}
