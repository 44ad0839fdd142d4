import { withAccountLease } from '../money/lease';
import { AccountBusyError } from '../lib/errors';
import { getAccount } from '../lib/repository/accounts';
import {
  customerEmailSyncDone,
  pendingCustomerEmailSyncs,
  type CustomerEmailSync,
} from '../lib/repository/customer-email-syncs';
import { isReleasedAddress } from '../lib/unproven-email';
import { updateCustomerEmail } from '../lib/stripe';

// The scheduled job (lambdas/schedules.ts; every hour) that makes each Stripe customer's email follow its
// account record where the PreSignUp trigger moved the address (a trigger has 5 seconds, too little to
// wait for the account and for Stripe). Under the account's lease, with the record's email as it is
// then, so a change made meanwhile (update-email, a recovery) is never undone by an older request.

export interface CustomerEmailReport {
  pending: number;
  synced: number;
  /** Another request held the account: the next run does it. */
  busy: number;
}

async function syncOne(sync: CustomerEmailSync): Promise<'synced' | 'busy'> {
  try {
    await withAccountLease(sync.uid, async () => {
      const account = await getAccount(sync.uid);
      if (account?.customerId && account.email) {
        // An address released for lack of a free one to return to is no address: Stripe keeps none.
        await updateCustomerEmail(account.customerId, isReleasedAddress(account.email) ? '' : account.email);
      }
    });
  } catch (err) {
    if (err instanceof AccountBusyError) return 'busy';
    throw err;
  }
  await customerEmailSyncDone(sync);
  return 'synced';
}

export async function handler(): Promise<CustomerEmailReport> {
  const pending = await pendingCustomerEmailSyncs();
  const report: CustomerEmailReport = { pending: pending.length, synced: 0, busy: 0 };
  for (const sync of pending) report[await syncOne(sync)]++;
  return report;
}
