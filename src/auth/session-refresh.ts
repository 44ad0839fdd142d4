// When to refresh the session: about 5 minutes before the ID token expires,
// retrying with backoff from 30 s doubling up to 16 minutes. Pure timing; AuthContext does the calls.
// Amplify v6 has no timer of its own: fetchAuthSession refreshes only a token within 5 s of expiry (or
// on forceRefresh), and does not retry a refresh that failed; so the lead and the backoff are ours.

const REFRESH_LEAD_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 16 * 60 * 1000;

/** Milliseconds until the next refresh of a token expiring at `expiresAt` (epoch seconds). */
export function refreshDelay(expiresAt: number, now = Date.now()): number {
  return Math.max(0, expiresAt * 1000 - REFRESH_LEAD_MS - now);
}

/** Delay before retry number `attempt` (0-based): 30 s, 60 s, ... capped at 16 min. */
export function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
}

/**
 * Errors after which the session cannot come back: Cognito's answers to a refresh for a disabled user
 * ("User is disabled.") or an expired or revoked refresh token are NotAuthorizedException, and the
 * others are those after which Amplify v6 itself drops the stored tokens (TokenOrchestrator). Anything
 * else (no network, a throttled or failing service) is retried with the backoff above, and the user
 * stays signed in meanwhile.
 */
const SESSION_ENDING = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'TokenRevokedException',
  'RefreshTokenReuseException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
];

export function endsSession(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return typeof name === 'string' && SESSION_ENDING.includes(name);
}
