import { withAccountLease } from '../money/lease';
import { AccountBusyError } from '../lib/errors';
import { tellHoldersOfEndingLicenses } from '../lib/holder-notices';
import { logLine } from '../lib/log';
import { syncSubscription } from '../money/sync';
import { getAccount, listStaleAccounts, type StaleAccount } from '../lib/repository/accounts';
import { isMissing, retrieveSubscription } from '../lib/stripe';
import { ENDED_STATUSES } from '../lib/subscription-status';

// The scheduled sync (lambdas/schedules.ts; every 6 hours): the pages read the subscription's state
// from our records, which webhooks, checkout and every action keep current. A webhook Stripe gave up
// on (it retries for 3 days) would leave them stale, so every subscription not read from Stripe for a
// day is read again and synced exactly as the webhook does it: under the account's lease, licenses
// provisioned or dated, the people holding licenses that end told.

/** A cached state older than this is read again. */
export const STALE_AFTER_MS = 24 * 3600_000;
/** Accounts synced at a time: keeps well under Stripe's rate limit (25 reads per second in test mode). */
const CONCURRENCY = 4;

export interface SyncReport {
  stale: number;
  synced: number;
  /** Another request held the account: that request syncs it, or the next run does. */
  busy: number;
  /** Stripe no longer knows the subscription. */
  missing: number;
  failed: number;
}

type Outcome = 'synced' | 'busy' | 'missing' | 'failed';

async function syncOne({ uid, subscriptionId }: StaleAccount): Promise<Outcome> {
  try {
    return await withAccountLease(uid, async (): Promise<Outcome> => {
      // The account may have moved on (a new checkout) since the scan.
      if ((await getAccount(uid))?.subscriptionId !== subscriptionId) return 'synced';
      const { slots } = await syncSubscription(uid, await retrieveSubscription(subscriptionId));
      await tellHoldersOfEndingLicenses(uid, slots);
      return 'synced';
    });
  } catch (err) {
    if (err instanceof AccountBusyError) return 'busy';
    if (isMissing(err)) return 'missing';
    logLine('error', 'sync of a stale subscription failed', { uid, subscriptionId, error: String(err) });
    return 'failed';
  }
}

export async function handler(): Promise<SyncReport> {
  const stale = await listStaleAccounts(Date.now() - STALE_AFTER_MS, ENDED_STATUSES);
  const report: SyncReport = { stale: stale.length, synced: 0, busy: 0, missing: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < stale.length; i = next++) {
      const account = stale[i];
      if (account) report[await syncOne(account)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, stale.length) }, worker));
  logLine('info', 'scheduled subscription sync', { ...report });
  // A failure makes the run fail, so the function's error alarm tells the operator.
  if (report.failed)
    throw new Error(`${report.failed} of ${report.stale} stale subscriptions failed to sync`);
  return report;
}
