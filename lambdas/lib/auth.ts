import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { PasskeyRemovalPendingError } from './errors';
import { ApiError, forbidden } from './http';
import { passkeyRemovalOf } from './repository/passkey-removals';
import { ISSUED_MS_CLAIM, outlives, readSessionsItem, sessionsBarOf } from './repository/sessions';

// Who is calling. API Gateway's JWT authorizer (or the local API server playing it) has verified the
// token before the handler runs; the handler only reads the verified claims. The token's subject is
// the caller; any uid a client sends is only checked against it.

export type ApiEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;

export interface Caller {
  sub: string;
  /** Cognito user name (for admin calls); equals sub in pools that sign in by email. */
  username: string;
  email?: string;
  emailVerified: boolean;
  /** When the session began (auth_time, kept across refreshes; epoch seconds); 0 if the token had none. */
  signedInAt: number;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

function claimsOf(event: ApiEvent): Claims | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer;
  return authorizer?.jwt?.claims;
}

export interface CallerOptions {
  /** Let a caller whose email is not verified through (only for ending their own sessions). */
  allowUnverified?: boolean;
  /**
   * Let a caller through while support's removal of their passkeys is pending (only for finishing it
   * and for ending their own sessions).
   */
  allowPendingPasskeyRemoval?: boolean;
}

const numeric = (value: Claims[string]): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The session's start: auth_time (kept across refreshes), else iat; epoch seconds. */
function sessionStart(claims: Claims): number | undefined {
  return numeric(claims.auth_time) ?? numeric(claims.iat);
}

/**
 * The caller of a 'jwt' route, refused unless the token is an ID token (API Gateway's authorizer also
 * admits access tokens, which carry no email: the handlers' email checks would silently pass), its
 * email is verified (as the site's guards require for every account page), and its session began
 * after the user's last revocation (lambdas/lib/repository/sessions.ts), so a revoked session stops
 * at once, and no removal of the account's passkeys by support is pending
 * (lambdas/lib/repository/passkey-removals.ts). Every 'jwt' handler calls this first.
 */
export async function getCaller(event: ApiEvent, options: CallerOptions = {}): Promise<Caller> {
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
  if (claims?.token_use !== 'id') {
    throw new ApiError(401, 'ID_TOKEN_REQUIRED', 'Sign in to continue (the API takes ID tokens only).');
  }
  const username = claims['cognito:username'] ?? claims.username;
  const email = claims.email;
  const caller: Caller = {
    sub,
    username: typeof username === 'string' && username ? username : sub,
    email: typeof email === 'string' && email ? email : undefined,
    // API Gateway passes claims as strings ("true"); the local server may pass booleans.
    emailVerified: String(claims.email_verified) === 'true',
    // auth_time only: iat moves with every refresh, so it would make a refreshed session count as a new
    // sign-in (Cognito always sets auth_time; without one, the earliest start is assumed).
    signedInAt: numeric(claims.auth_time) ?? 0,
  };
  if (!options.allowUnverified && (!caller.email || !caller.emailVerified)) {
    throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Verify your email address to continue.');
  }
  const started = sessionStart(claims);
  // One read for both gates: the revocation and support's removal of the passkeys share the item.
  const sessions = await readSessionsItem(sub);
  const bar = sessionsBarOf(sessions);
  if (started === undefined || (bar && !outlives(bar, started, numeric(claims[ISSUED_MS_CLAIM])))) {
    throw new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
  }
  if (!options.allowPendingPasskeyRemoval && passkeyRemovalOf(sessions)) {
    throw new PasskeyRemovalPendingError(sub);
  }
  return caller;
}

/** A uid in the request must be the caller's own. */
export function assertSelf(caller: Caller, uid: string): void {
  if (uid !== caller.sub) throw forbidden('The uid is not the signed-in user.');
}
