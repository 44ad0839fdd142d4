import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';

// Counters of what an account or an address may have per window (lib/mail-limits.ts,
// lib/checkout-limit.ts). Each is one item counted with a single conditional write (dynalite has no
// transactions): the count rises only while it stays within the limit, and only for an action not
// counted yet, whose id joins the item's set. So a retry of the same action (its Idempotency-Key)
// never counts twice, and a refused action can be given back exactly.

export interface QuotaKey {
  pk: string;
  sk: string;
}

const COUNT = 'quotaCount';
const ACTIONS = 'quotaActions';

const keyOf = (key: QuotaKey) => ({ [PARTITION_KEY]: key.pk, [SORT_KEY]: key.sk });

/**
 * Counts `amount` for `actionId` against `limit` in the window `key` names; true when it fits or was
 * counted for this action before, false when the limit would be passed (nothing is then counted).
 * `expiresAt` (epoch seconds) lets DynamoDB remove the counter once its window has passed.
 */
export async function takeQuota(
  key: QuotaKey,
  actionId: string,
  amount: number,
  limit: number,
  expiresAt: number,
): Promise<boolean> {
  const written = await updateIf({
    Key: keyOf(key),
    UpdateExpression: 'ADD #count :amount, #actions :ids SET #ttl = :ttl',
    ConditionExpression: '(attribute_not_exists(#count) OR #count <= :room) AND NOT contains(#actions, :id)',
    ExpressionAttributeNames: { '#count': COUNT, '#actions': ACTIONS, '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':amount': amount,
      ':ids': new Set([actionId]),
      ':room': limit - amount,
      ':id': actionId,
      ':ttl': expiresAt,
    },
  });
  if (written) return true;
  // Refused: either this action was counted already (a retry), or the limit is reached.
  const { Item } = await db().get({ TableName: table(), Key: keyOf(key), ConsistentRead: true });
  const counted = Item?.[ACTIONS];
  return counted instanceof Set && counted.has(actionId);
}

/** Undoes `takeQuota` for an action that did not happen; nothing when it was not counted. */
export async function giveBackQuota(key: QuotaKey, actionId: string, amount: number): Promise<void> {
  await updateIf({
    Key: keyOf(key),
    UpdateExpression: 'ADD #count :minus DELETE #actions :ids',
    ConditionExpression: 'contains(#actions, :id)',
    ExpressionAttributeNames: { '#count': COUNT, '#actions': ACTIONS },
    ExpressionAttributeValues: { ':minus': -amount, ':ids': new Set([actionId]), ':id': actionId },
  });
}

/** How much the window `key` names has counted so far. */
export async function readQuota(key: QuotaKey): Promise<number> {
  const { Item } = await db().get({ TableName: table(), Key: keyOf(key), ConsistentRead: true });
  return typeof Item?.[COUNT] === 'number' ? Item[COUNT] : 0;
}
