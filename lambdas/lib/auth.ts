import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { ApiError, forbidden } from './http';

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
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

function claimsOf(event: ApiEvent): Claims | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer;
  return authorizer?.jwt?.claims;
}

export function getCaller(event: ApiEvent): Caller {
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
  const username = claims?.['cognito:username'] ?? claims?.username;
  const email = claims?.email;
  return {
    sub,
    username: typeof username === 'string' && username ? username : sub,
    email: typeof email === 'string' ? email : undefined,
    // API Gateway passes claims as strings ("true"); the local server may pass booleans.
    emailVerified: String(claims?.email_verified) === 'true',
  };
}

/** A uid in the request must be the caller's own. */
export function assertSelf(caller: Caller, uid: string): void {
  if (uid !== caller.sub) throw forbidden('The uid is not the signed-in user.');
}
