import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { getConfig } from '../lib/config';
import { AccountBusyError } from '../lib/errors';
import { updateIf } from '../lib/repository/client';
import { LEASE_SK, userPk } from '../lib/repository/keys';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../lib/table';

// The account lease (USER#<uid> / LEASE): every read-change-sync of an account's subscription runs
// holding it, so parallel adds, removes, checkouts, card changes and webhooks take turns instead of
// each sending Stripe a quantity computed from its own, soon stale, read (DESIGN.md). Taken with a
// conditional write that succeeds only when no lease exists or the one there has expired (a holder
// that died frees it by expiry), released with a conditional write on the holder's own token, so a
// late release never frees someone else's lease. UpdateItem creates the item when missing, so taking
// and releasing need no other grant than the UpdateItem every handler that syncs already has.

/** How long a request waits for the lease before answering BUSY (leaves the rest of 15 s for its work). */
const LEASE_WAIT_MS = 7_000;

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: LEASE_SK });

/** Takes the lease until `until` (epoch ms) unless another unexpired one is held; answers whether it did. */
async function tryTakeLease(uid: string, token: string, until: number): Promise<boolean> {
  const now = Date.now();
  const written = await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #token = :token, #until = :until, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(#pk) OR #until < :now',
    ExpressionAttributeNames: {
      '#pk': PARTITION_KEY,
      '#token': 'leaseToken',
      '#until': 'leaseUntil',
      '#ttl': TTL_ATTRIBUTE,
    },
    ExpressionAttributeValues: {
      ':token': token,
      ':until': until,
      ':now': now,
      // Long after expiry: DynamoDB removes a lease left behind (for instance by a deleted user).
      ':ttl': Math.floor(until / 1000) + 3600,
    },
  });
  return written !== undefined;
}

/** Frees the lease if it is still this holder's (expired and taken over by another: left alone). */
async function releaseLease(uid: string, token: string): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #until = :zero',
    ConditionExpression: '#token = :token',
    ExpressionAttributeNames: { '#token': 'leaseToken', '#until': 'leaseUntil' },
    ExpressionAttributeValues: { ':token': token, ':zero': 0 },
  });
}

/** Runs `work` holding the account's lease; throws AccountBusyError if it cannot be had within the wait. */
export async function withAccountLease<T>(
  uid: string,
  work: () => Promise<T>,
  waitMs: number = LEASE_WAIT_MS,
): Promise<T> {
  const token = randomUUID();
  const giveUpAt = Date.now() + waitMs;
  for (let attempt = 0; !(await tryTakeLease(uid, token, Date.now() + getConfig().leaseMs)); attempt++) {
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
