import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { BLOCKED_COGNITO_OPERATIONS, WAF_BLOCK } from '../../cdk/lib/blocked-cognito-operations';
import { readBody, sendJson as sendJsonAs } from '../http-helpers';
import { listen } from '../listen';
import { forwardToGate, needsGate } from './admin-gate';
import { attributeOperations } from './attribute-operations';
import { emitAuditEvent, isAudited, tokenSubject } from './audit-events';
import { CognitoError } from './cognito-error';
import { attr, foldUsernames, type Json, type TargetHandler, type UserRecord } from './cognito-rules';
import { firstAuthFactors, USER_POOL_SETTINGS } from '../../cdk/lib/user-pool-settings';
import { passkeyOperations } from './passkey-operations';
import { passwordOperations } from './password-operations';
import { proxyContext, type CognitoProxyOptions } from './proxy-context';
import { sessionOperations } from './session-operations';
import { signUpOperations } from './sign-up-operations';
import { softwareTokenMfa } from './software-token-mfa';

// Our HTTP front for cognito-local. It forwards the Cognito JSON API and fills the gaps that make
// aws-amplify v6 behave differently from real Cognito (see dev/cognito/README.md):
// refresh through GetTokensFromRefreshToken, auth_time kept across refreshes (auth-time.ts), global
// sign-out with revocation, ResendConfirmationCode, AdminResetUserPassword and the RESET_REQUIRED
// status, email_verified on confirmation, Cognito's error names and messages, the password policy,
// prevent-user-existence answers, verified access tokens, the app client's writable attributes, the
// PreSignUp trigger before the address check, authenticator-app MFA as Cognito answers it
// (software-token-mfa.ts), passkeys and choice-based sign-in (passkey-operations.ts), the deployed web ACL's refusals (cdk/lib/blocked-cognito-operations.ts),
// and 400 (never 500) for what it cannot do. The operations live in one file
// per group (sign-up, passwords, sessions, attributes, MFA, passkeys); this file routes requests to them.

export interface CognitoProxy {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startCognitoProxy(opts: CognitoProxyOptions): Promise<CognitoProxy> {
  const ctx = proxyContext(opts);
  const { up, resetRequired, clientInfo, findUser, verifyAccessToken, completeTokens } = ctx;
  let publicUrl = '';
  /** Security events on their way to their function (EventBridge delivers them after the call answers). */
  const deliveries = new Set<Promise<void>>();
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
  const mfa = softwareTokenMfa({
    call: up.call.bind(up),
    verifyAccessToken,
    completeTokens,
    sessions: opts.challengeSessions,
  });
  const sessions = sessionOperations(ctx, mfa);
  const passwordInitiateAuth = sessions.InitiateAuth;
  if (!passwordInitiateAuth) throw new Error('sessionOperations has no InitiateAuth');
  const passkeys = passkeyOperations(ctx, {
    passwordSignIn: passwordInitiateAuth,
    mfaChallenge: mfa.challenged,
    settings: {
      relyingPartyId: opts.passkeyRelyingPartyId,
      userVerification: USER_POOL_SETTINGS.passkeyUserVerification,
      allowedFirstAuthFactors: firstAuthFactors(opts.passkeyRelyingPartyId !== undefined),
    },
    credentialsFile: opts.webAuthnCredentialsFile,
    sessions: opts.challengeSessions,
  });
  const handlers: Record<string, TargetHandler> = {
    ...signUpOperations(ctx),
    ...passwordOperations(ctx),
    ...sessions,
    ...attributeOperations(ctx),
    ...mfa.handlers,
    ...passkeys.handlers,
    // Choice-based sign-in (USER_AUTH) and its challenges are the passkey operations'; the rest as before.
    InitiateAuth: (body) =>
      body.AuthFlow === 'USER_AUTH' ? passkeys.userAuth(body) : passwordInitiateAuth(body),
    RespondToAuthChallenge: (body) =>
      passkeys.answers(body.ChallengeName)
        ? passkeys.respond(body)
        : mfa.handlers.RespondToAuthChallenge(body),
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
    // The deployed pool's web ACL blocks these before Cognito runs them (cdk/lib/user-pool-web-acl.ts).
    if ((BLOCKED_COGNITO_OPERATIONS as readonly string[]).includes(target)) {
      return sendJson(
        res,
        WAF_BLOCK.status,
        { __type: WAF_BLOCK.type, message: WAF_BLOCK.message },
        { 'x-amzn-errortype': WAF_BLOCK.type },
      );
    }
    if (needsGate(req, target, opts.iamGate) && opts.iamGate)
      return forwardToGate(req, text, res, opts.iamGate);
    let body: Json;
    try {
      body = foldUsernames(JSON.parse(text || '{}') as Json);
    } catch {
      return sendError(res, new CognitoError('SerializationException', 'Request body is not valid JSON'));
    }
    try {
      const handler = handlers[target] ?? ((b: Json) => up.call(target, b));
      const audit = opts.securityEvents && isAudited(target) ? await auditedUser(target, body) : undefined;
      sendJson(res, 200, await handler(body));
      if (audit && opts.securityEvents) {
        const delivery = emitAuditEvent(opts.securityEvents, target, audit);
        deliveries.add(delivery);
        void delivery.finally(() => deliveries.delete(delivery));
      }
    } catch (error) {
      if (error instanceof CognitoError) return sendError(res, error);
      throw error;
    }
  }

  const running = await listen(server, opts.port);
  publicUrl = running.url;
  return {
    ...running,
    // Events already sent reach the function before the proxy goes (the stack stops it first).
    stop: async () => {
      await Promise.allSettled([...deliveries]);
      await running.stop();
    },
  };
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
