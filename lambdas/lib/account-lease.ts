import { randomUUID } from 'node:crypto';
import { AccountBusyError } from './errors';
import { releaseLease, tryTakeLease } from './repository/leases';

// Money under concurrency: every read-change-sync of an account's subscription runs while holding the
// account's lease, so parallel adds, removes, checkouts, card changes and webhooks take turns instead
// of each sending Stripe a quantity computed from its own, soon stale, read.

/** Longer than a handler may run (15 s timeout): a holder that died frees the lease by expiry. */
const LEASE_MS = 20_000;
/** How long a request waits for the lease before answering BUSY (leaves the rest of 15 s for its work). */
const LEASE_WAIT_MS = 7_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` holding the account's lease; throws AccountBusyError if it cannot be had within the wait. */
export async function withAccountLease<T>(
  uid: string,
  work: () => Promise<T>,
  waitMs: number = LEASE_WAIT_MS,
): Promise<T> {
  const token = randomUUID();
  const giveUpAt = Date.now() + waitMs;
  for (let attempt = 0; !(await tryTakeLease(uid, token, Date.now() + LEASE_MS)); attempt++) {
    if (Date.now() >= giveUpAt) throw new AccountBusyError(uid);
    // Short, growing, jittered pauses: a turn usually takes a few hundred ms.
    await pause(Math.min(40 * 2 ** Math.min(attempt, 3), 300) * (0.5 + Math.random()));
  }
  try {
    return await work();
  } finally {
    await releaseLease(uid, token);
  }
}
