import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { decodeJwt, JwtError, remoteJwks, verifyJwt, type JwtPayload } from '../jwt';
import { NEW_EMAIL_MARKER, RESEND_MARKER } from '../lambda-invoke';
import { ResetRequired } from './reset-required';
import { keepAuthTime } from './auth-time';
import { CognitoError } from './cognito-error';
import type { ChallengeSessionOptions } from './challenge-sessions';
import { Revocations } from './revocations';
import { softwareTokenMfa } from './software-token-mfa';
import { readBody, sendJson as sendJsonAs } from '../http-helpers';
import { listen } from '../listen';
import { forwardToGate, needsGate, type AdminGateOptions } from './admin-gate';
import { emitAuditEvent, isAudited, tokenSubject } from './audit-events';
import { runPreAuthentication, runPreSignUp, type TriggerFunction } from './proxy-triggers';

// Our HTTP front for cognito-local. It forwards the Cognito JSON API and fills the gaps that make
// aws-amplify v6 behave differently from real Cognito (see dev/README.md, "Cognito proxy"):
// refresh through GetTokensFromRefreshToken, auth_time kept across refreshes (auth-time.ts), global
// sign-out with revocation, ResendConfirmationCode, AdminResetUserPassword and the RESET_REQUIRED
// status, email_verified on confirmation, Cognito's error names and messages, the password policy,
// prevent-user-existence answers, verified access tokens, the app client's writable attributes, the
// PreSignUp trigger before the address check, authenticator-app MFA as Cognito answers it
// (software-token-mfa.ts), and 400 (never 500) for what it cannot do.

export interface CognitoProxyOptions {
  /** cognito-local's URL. */
  upstream: string;
  port: number;
  /** JSON file keeping revoked users and tokens across restarts. */
  revocationsFile: string;
  /** JSON file keeping the users whose password was reset by an administrator (RESET_REQUIRED). */
  resetRequiredFile: string;
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

export interface CognitoProxy {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export type Json = Record<string, unknown>;
export type TargetHandler = (body: Json) => Promise<Json>;

const LOGIN_FAILED = 'Incorrect username or password.';
const UNAUTHORIZED_ATTRIBUTE = 'A client attempted to write unauthorized attribute';
/** What an app client may write when its WriteAttributes are not set: the standard attributes. */
const STANDARD_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

/**
 * Cognito's check of what an app client writes with a user's own tokens (SignUp's UserAttributes,
 * UpdateUserAttributes, DeleteUserAttributes): only its WriteAttributes (by default the standard ones);
 * never the *_verified flags. cognito-local writes anything.
 */
function checkWritable(info: ClientInfo, names: readonly string[]): void {
  const writable = info.writeAttributes ?? STANDARD_ATTRIBUTES;
  if (names.some((name) => !writable.has(name))) {
    throw new CognitoError('NotAuthorizedException', UNAUTHORIZED_ATTRIBUTE);
  }
}
const attributeNames = (body: Json, key: 'UserAttributes' | 'UserAttributeNames'): string[] => {
  const list = body[key];
  if (!Array.isArray(list)) return [];
  return list.map((a: unknown) =>
    typeof a === 'string' ? a : String((a as { Name?: unknown } | null)?.Name ?? ''),
  );
};
const CODE_MISMATCH = 'Invalid verification code provided, please try again.';
const SERVICE = 'AWSCognitoIdentityProviderService';

interface UserRecord {
  Username: string;
  UserStatus?: string;
  UserAttributes?: { Name: string; Value?: string }[];
}
interface ClientInfo {
  userPoolId: string;
  preventUserExistenceErrors: boolean;
  /** The client's WriteAttributes; undefined when not set (every standard attribute is writable). */
  writeAttributes?: ReadonlySet<string>;
}
interface PasswordPolicy {
  MinimumLength?: number;
  RequireUppercase?: boolean;
  RequireLowercase?: boolean;
  RequireNumbers?: boolean;
  RequireSymbols?: boolean;
}

const str = (body: Json, key: string): string => {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw new CognitoError('InvalidParameterException', `Missing required parameter ${key}`);
  return value;
};
const attr = (user: UserRecord, name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;

/** Cognito shows destinations masked ("j***@e***"); cognito-local shows them in full. */
function maskDestination(destination: string): string {
  const [local = '', domain = ''] = destination.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain.slice(0, 1)}***` : `${destination.slice(0, 1)}***`;
}

const emailDelivery = (destination: string) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskDestination(destination),
});

function maskDeliveries(result: Json): Json {
  const one = result.CodeDeliveryDetails as { Destination?: string } | undefined;
  if (one?.Destination) one.Destination = maskDestination(one.Destination);
  for (const d of (result.CodeDeliveryDetailsList as { Destination?: string }[] | undefined) ?? []) {
    if (d.Destination) d.Destination = maskDestination(d.Destination);
  }
  return result;
}

/** Cognito's password policy check (cognito-local stores the policy but never applies it). */
function checkPassword(password: unknown, policy: PasswordPolicy | undefined): void {
  if (typeof password !== 'string')
    throw new CognitoError('InvalidParameterException', 'Missing required parameter Password');
  const fail = (why: string) => {
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${why}`);
  };
  if (password.length < (policy?.MinimumLength ?? 8)) fail('Password not long enough');
  if (policy?.RequireLowercase && !/[a-z]/.test(password)) fail('Password must have lowercase characters');
  if (policy?.RequireUppercase && !/[A-Z]/.test(password)) fail('Password must have uppercase characters');
  if (policy?.RequireNumbers && !/[0-9]/.test(password)) fail('Password must have numeric characters');
  if (policy?.RequireSymbols && !/[^A-Za-z0-9]/.test(password)) fail('Password must have symbol characters');
}

class Upstream {
  constructor(
    private readonly url: string,
    /** cognito-local's function name -> the trigger Cognito names in its errors. */
    private readonly triggerNames: Readonly<Record<string, string>> = {},
  ) {}

  async call<T = Json>(target: string, body: Json): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${SERVICE}.${target}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as Json;
    if (res.ok) return json as T;
    const message = typeof json.message === 'string' ? json.message : `${target} failed`;
    if (json.__type === 'UserLambdaValidationException') {
      // cognito-local names the trigger's function ("custom-message failed ..."); Cognito the trigger.
      const [, fn = '', reason = message] = /^(\S+) failed with error ([\s\S]*)$/.exec(message) ?? [];
      const trigger = this.triggerNames[fn];
      throw new CognitoError(json.__type, trigger ? `${trigger} failed with error ${reason}` : message);
    }
    if (res.status < 500 && typeof json.__type === 'string') throw new CognitoError(json.__type, message);
    // cognito-local answers 500 for what it does not support; Amplify would retry a 500.
    if (json.__type === 'CognitoLocal#Unsupported')
      throw new CognitoError('UnsupportedOperationException', message);
    throw new CognitoError('InternalErrorException', message);
  }

  jwks(poolId: string) {
    return remoteJwks(`${this.url}/${poolId}/.well-known/jwks.json`);
  }
}

export async function startCognitoProxy(opts: CognitoProxyOptions): Promise<CognitoProxy> {
  const up = new Upstream(opts.upstream, opts.triggerNames);
  const revocations = new Revocations(opts.revocationsFile);
  const resetRequired = new ResetRequired(opts.resetRequiredFile);
  const clients = new Map<string, Promise<ClientInfo>>();
  const policies = new Map<string, Promise<PasswordPolicy | undefined>>();
  let jwks: ReturnType<typeof remoteJwks> | undefined;
  let publicUrl = '';

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
  const rename = (error: unknown, from: string[], type: string, message: string): never => {
    if (error instanceof CognitoError && from.includes(error.type)) throw new CognitoError(type, message);
    throw error;
  };
  /**
   * AdminUpdateUserAttributes with email_verified but no email: Cognito marks the user's current
   * email (un)verified and sends nothing; cognito-local refuses ("Email is required to
   * verify/un-verify an email"). 'true' goes up with the current email added (unchanged, so no code
   * is mailed). 'false' cannot: cognito-local would mail a verification code Cognito does not send,
   * so the other attributes go up alone and email_verified is deleted, which every reader (GetUser's
   * absent attribute, the ID token's email_verified: false) takes as unverified.
   */
  const setEmailVerified = async (
    body: Json,
    attributes: { Name: string; Value?: string }[],
    verified: boolean,
  ): Promise<Json> => {
    const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
    const email = user && attr(user, 'email');
    // No user, or no email to verify: cognito-local's own answer.
    if (!user || !email) return up.call('AdminUpdateUserAttributes', body);
    if (verified) {
      return up.call('AdminUpdateUserAttributes', {
        ...body,
        UserAttributes: [...attributes, { Name: 'email', Value: email }],
      });
    }
    const others = attributes.filter((a) => a.Name !== 'email_verified');
    if (others.length) await up.call('AdminUpdateUserAttributes', { ...body, UserAttributes: others });
    await up.call('AdminDeleteUserAttributes', {
      UserPoolId: body.UserPoolId,
      Username: user.Username,
      UserAttributeNames: ['email_verified'],
    });
    return {};
  };
  const adminUpdateUserAttributes = async (body: Json): Promise<Json> => {
    const attributes = (body.UserAttributes as { Name: string; Value?: string }[] | undefined) ?? [];
    const email = attributes.find((a) => a.Name === 'email')?.Value;
    const verifiedAttribute = attributes.find((a) => a.Name === 'email_verified');
    const verified = verifiedAttribute?.Value === 'true';
    if (verifiedAttribute && !attributes.some((a) => a.Name === 'email')) {
      return setEmailVerified(body, attributes, verified);
    }
    if (email && verified) await refuseVerifiedElsewhere(body, email);
    if (!email || verified) return up.call('AdminUpdateUserAttributes', body);
    // cognito-local mails the code to the old address; this marker lets the Lambda endpoint
    // address it (and the CustomMessage event) to the new one, as Cognito does.
    const metadata = {
      ...((body.ClientMetadata as Record<string, string> | undefined) ?? {}),
      [NEW_EMAIL_MARKER]: email,
    };
    return up.call('AdminUpdateUserAttributes', { ...body, ClientMetadata: metadata });
  };
  /**
   * Email is the pool's username: Cognito never lets two users hold one verified address (AWS answers
   * AliasExistsException); cognito-local writes it anyway.
   */
  const refuseVerifiedElsewhere = async (body: Json, email: string): Promise<void> => {
    const poolId = str(body, 'UserPoolId');
    const self = await findUser(poolId, str(body, 'Username'));
    const { Users = [] } = await up.call<{ Users?: UserRecord[] }>('ListUsers', {
      UserPoolId: poolId,
      Filter: `email = "${email.replace(/["\\]/g, '')}"`,
    });
    const taken = Users.some(
      (u) =>
        u.Username !== self?.Username &&
        attr(u, 'email')?.toLowerCase() === email.toLowerCase() &&
        attr(u, 'email_verified') === 'true',
    );
    if (taken)
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
  };
  /** The sub CloudTrail names for an audited call (the token's user, or the user the call names). */
  const auditedUser = async (target: string, body: Json): Promise<string | undefined> => {
    const fromToken = tokenSubject(body);
    if (fromToken) return fromToken;
    const poolId =
      typeof body.UserPoolId === 'string'
        ? body.UserPoolId
        : typeof body.ClientId === 'string'
          ? (await clientInfo(body.ClientId).catch(() => undefined))?.userPoolId
          : undefined;
    const username = typeof body.Username === 'string' ? body.Username : undefined;
    const user = poolId && username ? await findUser(poolId, username).catch(() => null) : null;
    return user ? attr(user, 'sub') : undefined;
  };
  /** Cognito runs PreAuthentication for a sign-in of a user it knows, before the password is checked. */
  const preAuthenticate = async (body: Json): Promise<void> => {
    const trigger = opts.preAuthentication;
    const username = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
    if (!trigger || typeof username !== 'string') return;
    const { userPoolId } = await clientInfo(str(body, 'ClientId'));
    const user = await findUser(userPoolId, username);
    if (user) await runPreAuthentication(trigger, body, user, userPoolId);
  };
  /** A user whose password was reset by an administrator cannot sign in with any password. */
  const refuseResetRequired = async (body: Json): Promise<void> => {
    if (resetRequired.size() === 0) return;
    const username = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
    if (typeof username !== 'string') return;
    const user = await findUser((await clientInfo(str(body, 'ClientId'))).userPoolId, username);
    if (user && resetRequired.has(user.Username)) {
      throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    }
  };
  const mfa = softwareTokenMfa({
    call: up.call.bind(up),
    verifyAccessToken,
    completeTokens,
    sessions: opts.challengeSessions,
  });
  const withAccessToken =
    (target: string, after: (r: Json) => Json = (r) => r): TargetHandler =>
    async (body) => {
      await verifyAccessToken(body.AccessToken);
      return after(await up.call(target, body));
    };
  /** A call that writes the user's own attributes: the token's app client must be allowed to. */
  const writingAttributes =
    (target: string, key: 'UserAttributes' | 'UserAttributeNames'): TargetHandler =>
    async (body) => {
      const token = await verifyAccessToken(body.AccessToken);
      checkWritable(await clientInfo(String(token.client_id ?? '')), attributeNames(body, key));
      return maskDeliveries(await up.call(target, body));
    };
  const handlers: Record<string, TargetHandler> = {
    SignUp: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      checkPassword(body.Password, await passwordPolicy(info.userPoolId));
      checkWritable(info, attributeNames(body, 'UserAttributes'));
      if (opts.preSignUp) await runPreSignUp(opts.preSignUp, body, info.userPoolId);
      try {
        return maskDeliveries(await up.call('SignUp', body));
      } catch (error) {
        return rename(
          error,
          ['UsernameExistsException'],
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      }
    },
    ConfirmSignUp: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const user = await findUser(info.userPoolId, str(body, 'Username'));
      if (!user) {
        if (info.preventUserExistenceErrors) throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
        throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
      }
      if (user.UserStatus === 'CONFIRMED') {
        throw new CognitoError(
          'NotAuthorizedException',
          'User cannot be confirmed. Current status is CONFIRMED',
        );
      }
      try {
        await up.call('ConfirmSignUp', body);
      } catch (error) {
        rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
      // Confirming sign-up proves the email address, so Cognito marks it verified; cognito-local does not.
      await up.call('AdminUpdateUserAttributes', {
        UserPoolId: info.userPoolId,
        Username: user.Username,
        UserAttributes: [
          { Name: 'email', Value: attr(user, 'email') },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      return {};
    },
    ResendConfirmationCode: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const username = str(body, 'Username');
      const user = await findUser(info.userPoolId, username);
      if (!user) return unknownUser(info, () => ({ CodeDeliveryDetails: emailDelivery(username) }));
      if (user.UserStatus === 'CONFIRMED')
        throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
      // cognito-local has no way to issue a new sign-up code but ForgotPassword, which stores a fresh
      // ConfirmationCode (the one ConfirmSignUp checks); the marker makes the Lambda endpoint present
      // the message to our CustomMessage handler as CustomMessage_ResendCode.
      const metadata = {
        ...((body.ClientMetadata as Record<string, string> | undefined) ?? {}),
        [RESEND_MARKER]: 'true',
      };
      const result = await up.call('ForgotPassword', {
        ClientId: body.ClientId,
        Username: username,
        ClientMetadata: metadata,
      });
      return maskDeliveries(result);
    },
    ForgotPassword: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      const username = str(body, 'Username');
      const user = await findUser(info.userPoolId, username);
      if (!user) return unknownUser(info, () => ({ CodeDeliveryDetails: emailDelivery(username) }));
      if (attr(user, 'email_verified') !== 'true') {
        throw new CognitoError(
          'InvalidParameterException',
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      return maskDeliveries(await up.call('ForgotPassword', body));
    },
    AdminResetUserPassword: async (body) => {
      const poolId = str(body, 'UserPoolId');
      const user = await findUser(poolId, str(body, 'Username'));
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      if (attr(user, 'email_verified') !== 'true') {
        throw new CognitoError(
          'InvalidParameterException',
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      // cognito-local issues a reset code only through ForgotPassword, which stores it where
      // ConfirmForgotPassword looks and mails it through the CustomMessage trigger
      // (CustomMessage_ForgotPassword), as Cognito does for this call.
      const { UserPoolClients = [] } = await up.call<{ UserPoolClients?: { ClientId: string }[] }>(
        'ListUserPoolClients',
        { UserPoolId: poolId },
      );
      const clientId = UserPoolClients[0]?.ClientId;
      if (!clientId) throw new CognitoError('InvalidParameterException', 'The user pool has no app client.');
      await up.call('ForgotPassword', {
        ClientId: clientId,
        Username: user.Username,
        ClientMetadata: body.ClientMetadata,
      });
      await resetRequired.set(user.Username, true);
      return {};
    },
    ConfirmForgotPassword: async (body) => {
      const info = await clientInfo(str(body, 'ClientId'));
      checkPassword(body.Password, await passwordPolicy(info.userPoolId));
      const user = await findUser(info.userPoolId, str(body, 'Username'));
      if (!user) {
        if (info.preventUserExistenceErrors) throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
        throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
      }
      // An unconfirmed user's stored code is a sign-up code, not a reset code.
      if (user.UserStatus === 'UNCONFIRMED') throw new CognitoError('CodeMismatchException', CODE_MISMATCH);
      let result: Json;
      try {
        result = await up.call('ConfirmForgotPassword', body);
      } catch (error) {
        return rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
      await resetRequired.set(user.Username, false);
      return result;
    },
    InitiateAuth: async (body) => {
      const flow = body.AuthFlow;
      const refreshToken = (body.AuthParameters as Record<string, unknown> | undefined)?.REFRESH_TOKEN;
      const refreshing = flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN';
      if (refreshing) checkRefreshToken(refreshToken);
      if (flow === 'USER_PASSWORD_AUTH') {
        await refuseResetRequired(body);
        await preAuthenticate(body);
      }
      try {
        const answer = await up.call('InitiateAuth', body);
        if (refreshing) await keepAuthTime(answer, String(refreshToken));
        const result = completeTokens(answer);
        const login = (body.AuthParameters as Record<string, unknown> | undefined)?.USERNAME;
        return mfa.challenged(result, String(body.ClientId ?? ''), String(login ?? ''));
      } catch (error) {
        if (flow !== 'USER_PASSWORD_AUTH') throw error;
        // Cognito never says whether the user or the password was wrong.
        return rename(
          error,
          ['InvalidPasswordException', 'NotAuthorizedException', 'UserNotFoundException'],
          'NotAuthorizedException',
          LOGIN_FAILED,
        );
      }
    },
    GetTokensFromRefreshToken: async (body) => {
      const refreshToken = str(body, 'RefreshToken');
      checkRefreshToken(refreshToken);
      let result: Json;
      try {
        result = await up.call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: body.ClientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
          ClientMetadata: body.ClientMetadata,
        });
      } catch (error) {
        return rename(error, ['NotAuthorizedException'], 'NotAuthorizedException', 'Invalid Refresh Token');
      }
      await keepAuthTime(result, refreshToken);
      // No refresh-token rotation on our client, so (as Cognito) no new RefreshToken comes back.
      return completeTokens({ AuthenticationResult: result.AuthenticationResult });
    },
    GlobalSignOut: async (body) => {
      const { username } = await verifyAccessToken(body.AccessToken);
      await revocations.revokeUser(username);
      return {};
    },
    AdminUserGlobalSignOut: async (body) => {
      const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      await revocations.revokeUser(user.Username);
      return {};
    },
    RevokeToken: async (body) => {
      const token = str(body, 'Token');
      let jti: string | undefined;
      try {
        jti = decodeJwt(token).payload.jti;
      } catch {
        throw new CognitoError('UnsupportedTokenTypeException', 'The token type is not supported.');
      }
      await up.call('RevokeToken', body).catch(() => undefined);
      if (jti) await revocations.revokeToken(jti);
      return {};
    },
    ChangePassword: async (body) => {
      const token = await verifyAccessToken(body.AccessToken);
      checkPassword(body.ProposedPassword, await passwordPolicy(String(token.iss).split('/').pop() ?? ''));
      try {
        return await up.call('ChangePassword', body);
      } catch (error) {
        return rename(error, ['InvalidPasswordException'], 'NotAuthorizedException', LOGIN_FAILED);
      }
    },
    AdminSetUserPassword: async (body) => {
      checkPassword(body.Password, await passwordPolicy(str(body, 'UserPoolId')));
      const result = await up.call('AdminSetUserPassword', body);
      const user = await findUser(str(body, 'UserPoolId'), str(body, 'Username'));
      if (user && body.Permanent === true) await resetRequired.set(user.Username, false);
      return result;
    },
    AdminCreateUser: async (body) => {
      if (body.TemporaryPassword !== undefined)
        checkPassword(body.TemporaryPassword, await passwordPolicy(str(body, 'UserPoolId')));
      return up.call('AdminCreateUser', body);
    },
    AdminUpdateUserAttributes: (body) =>
      // For an unknown user cognito-local answers NotAuthorizedException; Cognito UserNotFoundException.
      adminUpdateUserAttributes(body).catch((error: unknown) =>
        rename(error, ['NotAuthorizedException'], 'UserNotFoundException', 'User does not exist.'),
      ),
    DeleteUser: withAccessToken('DeleteUser'),
    DeleteUserAttributes: writingAttributes('DeleteUserAttributes', 'UserAttributeNames'),
    UpdateUserAttributes: writingAttributes('UpdateUserAttributes', 'UserAttributes'),
    GetUserAttributeVerificationCode: withAccessToken('GetUserAttributeVerificationCode', maskDeliveries),
    VerifyUserAttribute: async (body) => {
      await verifyAccessToken(body.AccessToken);
      try {
        return await up.call('VerifyUserAttribute', body);
      } catch (error) {
        return rename(error, ['CodeMismatchException'], 'CodeMismatchException', CODE_MISMATCH);
      }
    },
    ...mfa.handlers,
    // After the MFA handlers: their AdminGetUser (MFA settings as Cognito reports them) plus the status.
    AdminGetUser: async (body) => {
      const user = (await mfa.handlers.AdminGetUser(body)) as unknown as UserRecord;
      return resetRequired.has(user.Username) ? { ...user, UserStatus: 'RESET_REQUIRED' } : { ...user };
    },
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      console.error('[cognito-proxy]', error);
      if (!res.headersSent) sendError(res, new CognitoError('InternalErrorException', String(error)));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET,POST,OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    if (req.method === 'GET') {
      const openid = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec(url.pathname);
      if (openid) {
        // cognito-local hard-codes localhost:9229 here; answer with our own address.
        const issuer = `${publicUrl}/${openid[1]}`;
        return sendJson(res, 200, {
          issuer,
          jwks_uri: `${issuer}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      const upstream = await fetch(`${opts.upstream}${url.pathname}${url.search}`);
      res.writeHead(upstream.status, {
        ...CORS,
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      });
      return void res.end(Buffer.from(await upstream.arrayBuffer()));
    }
    const targetHeader = req.headers['x-amz-target'];
    const target = typeof targetHeader === 'string' ? targetHeader.split('.')[1] : undefined;
    if (req.method !== 'POST' || !target) {
      return sendError(
        res,
        new CognitoError('UnknownOperationException', 'Missing or invalid x-amz-target header'),
      );
    }
    const text = await readBody(req);
    if (needsGate(req, target, opts.iamGate) && opts.iamGate)
      return forwardToGate(req, text, res, opts.iamGate);
    let body: Json;
    try {
      body = JSON.parse(text || '{}') as Json;
    } catch {
      return sendError(res, new CognitoError('SerializationException', 'Request body is not valid JSON'));
    }
    try {
      const handler = handlers[target] ?? ((b: Json) => up.call(target, b));
      const audit = opts.securityEvents && isAudited(target) ? await auditedUser(target, body) : undefined;
      sendJson(res, 200, await handler(body));
      if (audit && opts.securityEvents) emitAuditEvent(opts.securityEvents, target, audit);
    } catch (error) {
      if (error instanceof CognitoError) return sendError(res, error);
      throw error;
    }
  }

  const running = await listen(server, opts.port);
  publicUrl = running.url;
  return running;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-amzn-requestid,x-amzn-errortype,x-amzn-errormessage,date',
};

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonAs(res, status, body, {
    ...CORS,
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
}

function sendError(res: http.ServerResponse, error: CognitoError): void {
  sendJson(res, 400, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
}
