import { getCaller, type ApiEvent } from '../lib/auth';
import { signOutEverywhere } from '../lib/cognito';
import { ok, withErrors } from '../lib/http';
import { revokeTokens } from '../lib/repository/sessions';
import { parseJsonBody } from '../lib/request';
import * as z from 'zod/mini';

// POST /api/sign-out-everywhere (no body, or {passwordChanged}): ends every session of the caller on every device. Cognito
// revokes the refresh tokens (AdminUserGlobalSignOut); the BFF records the time before which it takes
// no ID token of theirs, so the already-issued ones stop now rather than when they expire. The site
// calls it after a password change, saying so: pending email-recovery links stop working then (the
// BFF does not see the change itself, which the site makes with Cognito). Cognito first: if recording fails, a retry still has a token
// that passes. An unverified email may still end its own sessions.

const schema = z.strictObject({ passwordChanged: z.optional(z.boolean()) });

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event, { allowUnverified: true });
  const { passwordChanged } = event.body ? parseJsonBody(event, schema) : {};
  await signOutEverywhere(caller.username);
  const validAfter = await revokeTokens(caller.sub, { passwordChanged });
  return ok({ signedOut: true, tokensValidAfter: new Date(validAfter * 1000).toISOString() });
});
