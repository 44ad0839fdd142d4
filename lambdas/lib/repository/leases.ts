import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { updateIf } from './client';
import { LEASE_SK, userPk } from './keys';

// The per-account lease (USER#<uid> / LEASE): whoever holds it may read, change and sync the account's
// subscription; everyone else waits. Taken with a conditional write that succeeds only when no lease
// exists or the one there has expired (a holder that died frees it by expiry), released with a
// conditional write on the holder's own token, so a late release never frees someone else's lease.
// UpdateItem creates the item when missing, so taking and releasing need no other grant than the
// UpdateItem every handler that syncs already has.

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: LEASE_SK });

/** Takes the lease until `until` (epoch ms) unless another unexpired one is held; answers whether it did. */
export async function tryTakeLease(uid: string, token: string, until: number): Promise<boolean> {
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
export async function releaseLease(uid: string, token: string): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #until = :zero',
    ConditionExpression: '#token = :token',
    ExpressionAttributeNames: { '#token': 'leaseToken', '#until': 'leaseUntil' },
    ExpressionAttributeValues: { ':token': token, ':zero': 0 },
  });
}
