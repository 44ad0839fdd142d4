// How long a sign-in may wait at its second-factor challenge: the app client's auth session validity
// (Cognito allows 3 to 15 minutes; cdk/lib/auth.ts sets 3). A challenge begun longer ago than this can
// no longer be answered, so it is how far back a sign-in completing now may have started.

export const AUTH_SESSION_VALIDITY_MINUTES = 3;

/** The window in ms; the local stack may set a shorter one for its tests (AUTH_SESSION_VALIDITY_SECONDS). */
export function authSessionMs(): number {
  const seconds = Number(process.env.AUTH_SESSION_VALIDITY_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : AUTH_SESSION_VALIDITY_MINUTES * 60) * 1000;
}
