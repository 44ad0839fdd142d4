// When to refresh the session, as spec point 4 says: about 5 minutes before the ID token expires,
// retrying with backoff from 30 s doubling up to 16 minutes. Pure timing; AuthContext does the calls.

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

/** Errors after which the session cannot come back: the user is disabled or the refresh token is gone. */
export function endsSession(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'NotAuthorizedException' || name === 'UserNotFoundException';
}
