import { getCaller, type ApiEvent } from '../lib/auth';
import { signOutEverywhere } from '../lib/cognito';
import { ok, withErrors } from '../lib/http';
import { revokeTokens } from '../lib/repository/sessions';

// POST /api/sign-out-everywhere (no body): ends every session of the caller on every device. Cognito
// revokes the refresh tokens (AdminUserGlobalSignOut); the BFF records the time before which it takes
// no ID token of theirs, so the already-issued ones stop now rather than when they expire. The site
// calls it after a password change. Cognito first: if recording fails, a retry still has a token
// that passes. An unverified email may still end its own sessions.

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event, { allowUnverified: true });
  await signOutEverywhere(caller.username);
  const validAfter = await revokeTokens(caller.sub);
  return ok({ signedOut: true, tokensValidAfter: new Date(validAfter * 1000).toISOString() });
});
