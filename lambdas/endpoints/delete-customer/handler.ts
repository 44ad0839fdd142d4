import { deleteCustomer as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { checkPassword } from '../../lib/cognito';
import { ok, apiHandler } from '../../lib/http';
import { tellHoldersOfEndingLicenses } from '../../lib/holder-notices';
import { isInForce } from '../../lib/license-state';
import { getAccount } from '../../lib/repository/accounts';
import { listSlots } from '../../lib/repository/licenses';
import { revokeTokens } from '../../lib/repository/sessions';
import { deleteUserRecords } from '../../lib/repository/users';
import { parseJsonBody } from '../../lib/request';
import { sendTemplate } from '../../mail/send';
import { accountDeleted } from '../../mail/templates/account-deleted';
import { cancelSubscription, deleteCustomer, isMissing, retrieveSubscription } from '../../lib/stripe';
import { ENDED_STATUSES } from '../../lib/subscription-status';

// POST /api/delete-customer {uid, currentPassword}: after the current password is checked (a token
// alone never destroys an account), ends the subscription now, deletes the Stripe customer and every
// record of the user (after telling the people it gave licenses to that they end), mails the owner that
// the account is gone, ends every session of the user at the BFF, and says what was removed. The account page then deletes the Cognito user.
// Each step tolerates having been done already, so a retry after a partial failure completes.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid, currentPassword } = parseJsonBody(event, endpoint.body);
  assertSelf(caller, uid);
  // Before anything is read or changed; a wrong password is 403 INCORRECT_PASSWORD.
  await checkPassword(caller.username, currentPassword, caller.sub);

  const account = await getAccount(uid);
  let subscriptionCanceled = false;
  if (account?.subscriptionId) {
    const sub = await retrieveSubscription(account.subscriptionId).catch((err: unknown) => {
      if (isMissing(err)) return undefined;
      throw err;
    });
    if (sub && !ENDED_STATUSES.includes(sub.status)) {
      await cancelSubscription(sub.id);
      subscriptionCanceled = true;
    }
  }
  const customerDeleted = account?.customerId ? await deleteCustomer(account.customerId) : false;
  // Before the records go: the people the user gave licenses to are told those licenses end now.
  const now = new Date().toISOString();
  await tellHoldersOfEndingLicenses(
    uid,
    (await listSlots(uid)).filter((s) => isInForce(s)),
    now,
  );
  const removed = await deleteUserRecords(uid);
  if (caller.email) await sendTemplate(accountDeleted, caller.email, { at: new Date().toISOString() });
  // Last, so a retry after a failure above still passes with the same token: from here on no token
  // issued before now is taken (the page deletes the Cognito user next, with Cognito's own token).
  await revokeTokens(uid, { deleted: true });
  return ok(endpoint, {
    deleted: {
      customerId: account?.customerId ?? null,
      subscriptionId: account?.subscriptionId ?? null,
      subscriptionCanceled,
      customerDeleted,
      account: removed.account,
      licenses: removed.licenses,
      otherRecords: removed.other,
    },
  });
});
