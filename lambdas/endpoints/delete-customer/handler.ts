import { deleteCustomer as endpoint } from './contract';
import { closeAccount } from '../../lib/account-closure';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { checkPassword, userExists } from '../../lib/cognito';
import { ok, apiHandler } from '../../lib/http';
import { parseJsonBody } from '../../lib/request';

// POST /api/delete-customer {uid, currentPassword}: after the current password is checked (a token
// alone never destroys an account), closes the account (lib/account-closure.ts: the subscription ended
// now, the Stripe customer and every record deleted, the people it gave licenses to told, the owner
// mailed, the Cognito user deleted, every session ended at the BFF), and says what was removed.
// Each step tolerates having been done already, so a retry after a partial failure completes: once the
// Cognito user is gone no password can be checked, and the caller's verified token (not yet refused:
// the sessions end last) only finishes the closing of an account whose user was already deleted.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid, currentPassword } = parseJsonBody(event, endpoint.body);
  assertSelf(caller, uid);
  // Before anything is read or changed; a wrong password is 403 INCORRECT_PASSWORD.
  if (await userExists(caller.username)) await checkPassword(caller.username, currentPassword, caller.sub);

  const deleted = await closeAccount(uid, { email: caller.email, via: 'site', username: caller.username });
  return ok(endpoint, { deleted });
});
