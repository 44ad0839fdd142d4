import type { DeletedRecords } from '../endpoints/delete-customer/contract';
import { sendTemplate } from '../mail/send';
import { accountDeleted } from '../mail/templates/account-deleted';
import { YEAR_SECONDS } from '../money/guarantee';
import { withAccountLease } from '../money/lease';
import { emailHousehold } from '../money/households';
import { deleteUserOnce } from './cognito';
import { tellHoldersOfEndingLicenses } from './holder-notices';
import { isInForce } from './license-state';
import { getAccount } from './repository/accounts';
import { recordDeletion } from './repository/deletions';
import { claimHousehold, listGuaranteeRefunds } from './repository/guarantee';
import { listSlots } from './repository/licenses';
import { revokeTokens } from './repository/sessions';
import { deleteUserRecords } from './repository/users';
import { cancelSubscription, deleteCustomer, isMissing, retrieveSubscription } from './stripe';
import { ENDED_STATUSES } from './subscription-status';

// Closing an account, whichever way it was deleted: through the site (POST /api/delete-customer, which
// then deletes the Cognito user) or straight at Cognito (DeleteUser, which the pool's web ACL blocks;
// lambdas/triggers/security-events.ts runs this for its CloudTrail event in case one gets through).
// Ends the subscription now, deletes the Stripe customer, tells the people the account gave licenses to
// that those end, keeps what outlives the account (its address as a household of the guarantee when it
// was refunded in the last year; that it was deleted, for support), deletes every record of the user,
// mails the owner what happened, deletes the Cognito user if still there, and ends every session at
// the BFF. Each step tolerates having been done
// already, so a retry after a partial failure completes.

/** What closing removed: what delete-customer answers. */
type ClosedAccount = DeletedRecords;

export async function closeAccount(uid: string, opts: ClosingOptions): Promise<ClosedAccount> {
  // Under the account's lease, as every change of the account: a webhook of the subscription this
  // cancels waits and then finds the account gone, so it mails no one about an end the deletion mail
  // already tells.
  return withAccountLease(uid, () => close(uid, opts));
}

interface ClosingOptions {
  /** The owner's address (the verified token's); the account record's when not given. */
  email?: string;
  via: 'site' | 'cognito';
  /** The Cognito user to delete, when it is not gone already. */
  username?: string;
}

async function close(uid: string, opts: ClosingOptions): Promise<ClosedAccount> {
  const account = await getAccount(uid);
  const email = opts.email ?? account?.email;
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
  const inForce = (await listSlots(uid)).filter((s) => isInForce(s));
  await tellHoldersOfEndingLicenses(uid, inForce, now);
  const licensesGivenEnded = inForce.filter((s) => s.assigneeEmail).length;
  if (email) {
    await keepHousehold(uid, email);
    await recordDeletion(email, { deletedAt: now, via: opts.via, subscriptionCanceled, licensesGivenEnded });
  }
  const removed = await deleteUserRecords(uid);
  if (email) {
    await sendTemplate(accountDeleted, email, {
      at: now,
      via: opts.via,
      subscriptionCanceled,
      licensesEnded: inForce.length,
      licensesGivenEnded,
    });
  }
  if (opts.username) await deleteUserOnce(opts.username);
  // Last, so a retry after a failure above still passes with the same token.
  await revokeTokens(uid, { deleted: true });
  return {
    customerId: account?.customerId ?? null,
    subscriptionId: account?.subscriptionId ?? null,
    subscriptionCanceled,
    customerDeleted,
    account: removed.account,
    licenses: removed.licenses,
    otherRecords: removed.other,
  };
}

/**
 * The account's address stays a household of the guarantee for a year after each refund the account
 * had (a refund claims it already; this covers refunds claimed before addresses were household keys).
 */
async function keepHousehold(uid: string, email: string): Promise<void> {
  const yearAgo = Math.floor(Date.now() / 1000) - YEAR_SECONDS;
  for (const refund of await listGuaranteeRefunds(uid)) {
    if (refund.refundedAt <= yearAgo) continue;
    await claimHousehold(emailHousehold(email), {
      uid,
      subscriptionId: refund.subscriptionId,
      at: refund.refundedAt,
      yearAgo,
    });
  }
}
