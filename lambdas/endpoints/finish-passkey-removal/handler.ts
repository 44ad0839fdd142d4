import { finishPasskeyRemoval as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { deletePasskey, passkeyIds, subOfAccessToken } from '../../lib/cognito-passkeys';
import { AccessTokenMismatchError } from '../../lib/errors';
import { ok, apiHandler } from '../../lib/http';
import { clearPasskeyRemoval, readPasskeyRemoval } from '../../lib/repository/passkey-removals';
import { parseJsonBody } from '../../lib/request';

// POST /api/finish-passkey-removal ({ accessToken }): support's remove-passkeys recorded a request the
// BFF cannot carry out alone (Cognito's passkey calls take the owner's access token only), and while it
// is pending every other call of the account is refused (PASSKEY_REMOVAL_PENDING). The site, signed in
// again, sends its access token here: it must be the caller's (Cognito's GetUser names its sub); every
// passkey is deleted with it, then the request is cleared, only if it is still the one read (a newer
// one stays pending). The request is cleared last, so a call cut short leaves the account refused and
// a retry deletes what is left. Calls side by side are both answered 200: a passkey the other call
// deleted first is not counted. With nothing pending, no passkey is touched. The token is never logged.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event, { allowPendingPasskeyRemoval: true });
  const { accessToken } = parseJsonBody(event, endpoint.body);
  const [owner, pending] = await Promise.all([subOfAccessToken(accessToken), readPasskeyRemoval(caller.sub)]);
  if (owner !== caller.sub) throw new AccessTokenMismatchError();
  if (!pending) return ok(endpoint, { removed: 0 });
  // All at once: each deletion's event (lambdas/triggers/security-events.ts) soon ends the sessions
  // begun before it, this token's too, so none waits behind another.
  const deleted = await Promise.all(
    (await passkeyIds(accessToken)).map((id) => deletePasskey(accessToken, id)),
  );
  await clearPasskeyRemoval(caller.sub, pending.requestedAt);
  return ok(endpoint, { removed: deleted.filter(Boolean).length });
});
