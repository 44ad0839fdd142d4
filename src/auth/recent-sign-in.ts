import { fetchAuthSession } from 'aws-amplify/auth';
import { configureAmplify } from './amplify-config';

// Adding a passkey gives a lasting way in, so it asks for a sign-in of the last few minutes: a session
// kept open for days (a shared computer, a copied token refreshed since) cannot add one unnoticed.
// Cognito's auth_time is when the sign-in happened and stays the same across refreshes.

/** How recent the sign-in must be to add a passkey. */
export const PASSKEY_SIGN_IN_MAX_AGE_MINUTES = 15;

/** Thrown when the session began too long ago; errors.ts words it. */
class RecentSignInRequiredError extends Error {
  override name = 'RecentSignInRequired';
}

/** Throws RecentSignInRequiredError unless the current session began within `minutes`. */
export async function requireRecentSignIn(minutes: number, nowMs: number = Date.now()): Promise<void> {
  configureAmplify();
  const { tokens } = await fetchAuthSession();
  const authTime = Number(tokens?.accessToken.payload.auth_time);
  if (!Number.isFinite(authTime) || nowMs - authTime * 1000 > minutes * 60_000) {
    throw new RecentSignInRequiredError('the sign-in is not recent');
  }
}
