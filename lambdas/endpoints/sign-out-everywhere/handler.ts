import { signOutEverywhere as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { signOutEverywhere } from '../../lib/cognito';
import { ok, apiHandler } from '../../lib/http';
import { revokeTokens } from '../../lib/repository/sessions';
import { parseJsonBody } from '../../lib/request';

// POST /api/sign-out-everywhere ({} or { keepPendingSignIns: true }): ends every session of the caller
// on every device. Cognito revokes the refresh tokens (AdminUserGlobalSignOut); the BFF records the time
// before which it takes no ID token of theirs, so the already-issued ones stop now rather than when
// they expire. The site calls it after a password change and after turning two-factor sign-in on or
// off. Sign-ins already past the password and waiting for their code get no tokens either, unless
// `keepPendingSignIns` (the site's change of second factor: before it is on no sign-in waits for a code,
// and once it is off the password alone signs in; the flag can only spare what an earlier call did not
// end). It changes nothing else: in particular a pending email-recovery link keeps working (whoever
// calls this may be the one the link is meant to undo). Cognito first: if recording fails, a retry
// still has a token that passes. An unverified email may still end its own sessions, and so may an
// account whose passkeys support is removing (the site ends every session once it has removed them).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event, { allowUnverified: true, allowPendingPasskeyRemoval: true });
  const body: { keepPendingSignIns?: true } = event.body ? parseJsonBody(event, endpoint.body) : {};
  await signOutEverywhere(caller.username);
  const at = await revokeTokens(caller.sub, { endPendingSignIns: !body.keepPendingSignIns });
  return ok(endpoint, { signedOut: true, tokensValidAfter: new Date(at).toISOString() });
});
