import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { GUARANTEE_PREFIX, guaranteeSk, HOUSEHOLD_SK, householdPk, userPk } from './keys';

// The satisfaction guarantee's records. Per household key (HOUSEHOLD#<key> / GUARANTEE): which
// account and subscription claimed it for a refund, and when; outside the user's partition, so
// deleting the account does not reset the household's year. Per refund (USER#<uid> /
// GUARANTEE#<subscriptionId>): what was refunded, when, and whether its mail went out.

const YEAR_AND_A_DAY = 366 * 24 * 3600;

export interface HouseholdClaim {
  key: string;
  uid: string;
  subscriptionId: string;
  /** Epoch seconds. */
  claimedAt: number;
}

const householdKey = (key: string) => ({ [PARTITION_KEY]: householdPk(key), [SORT_KEY]: HOUSEHOLD_SK });

/** The claims on these keys (absent and released ones left out). */
export async function readHouseholdClaims(keys: readonly string[]): Promise<HouseholdClaim[]> {
  const items = await Promise.all(
    keys.map(async (key) => {
      const out = await db().get({ TableName: table(), Key: householdKey(key), ConsistentRead: true });
      const item = out.Item;
      if (!item || typeof item.claimedAt !== 'number' || item.claimedAt === 0) return undefined;
      return {
        key,
        uid: String(item.uid),
        subscriptionId: String(item.subscriptionId),
        claimedAt: item.claimedAt,
      };
    }),
  );
  return items.filter((c): c is HouseholdClaim => c !== undefined);
}

/**
 * Claims the key for this account's refund of this subscription, unless another refund claimed it
 * after `yearAgo` (epoch seconds; the rule of money/guarantee.ts: a claim at `yearAgo` is a year old); a claim of the same account and subscription (a retry) is its own.
 * Answers whether the claim is this refund's now.
 */
export async function claimHousehold(
  key: string,
  claim: { uid: string; subscriptionId: string; at: number; yearAgo: number },
): Promise<boolean> {
  const written = await updateIf({
    Key: householdKey(key),
    UpdateExpression: 'SET #uid = :uid, #sid = :sid, #at = :at, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(#pk) OR #at <= :yearAgo OR (#uid = :uid AND #sid = :sid)',
    ExpressionAttributeNames: {
      '#pk': PARTITION_KEY,
      '#uid': 'uid',
      '#sid': 'subscriptionId',
      '#at': 'claimedAt',
      '#ttl': TTL_ATTRIBUTE,
    },
    ExpressionAttributeValues: {
      ':uid': claim.uid,
      ':sid': claim.subscriptionId,
      ':at': claim.at,
      ':yearAgo': claim.yearAgo,
      ':ttl': claim.at + YEAR_AND_A_DAY,
    },
  });
  return written !== undefined;
}

/** Gives back a claim this refund took and will not use (another key of it was taken). */
export async function releaseHousehold(key: string, claim: { uid: string; subscriptionId: string }) {
  await updateIf({
    Key: householdKey(key),
    UpdateExpression: 'SET #at = :zero',
    ConditionExpression: '#uid = :uid AND #sid = :sid',
    ExpressionAttributeNames: { '#uid': 'uid', '#sid': 'subscriptionId', '#at': 'claimedAt' },
    ExpressionAttributeValues: { ':uid': claim.uid, ':sid': claim.subscriptionId, ':zero': 0 },
  });
}

export interface GuaranteeRefund {
  subscriptionId: string;
  /** Epoch seconds. */
  refundedAt: number;
  /** Cents. */
  amount: number;
  currency: string;
  refunds: string[];
  /** The confirmation mail was sent (or is being sent). */
  mailed: boolean;
}

const refundKey = (uid: string, subscriptionId: string) => ({
  [PARTITION_KEY]: userPk(uid),
  [SORT_KEY]: guaranteeSk(subscriptionId),
});

export async function readGuaranteeRefund(
  uid: string,
  subscriptionId: string,
): Promise<GuaranteeRefund | undefined> {
  const out = await db().get({
    TableName: table(),
    Key: refundKey(uid, subscriptionId),
    ConsistentRead: true,
  });
  const item = out.Item;
  if (!item) return undefined;
  return {
    subscriptionId,
    refundedAt: Number(item.refundedAt),
    amount: Number(item.amount),
    currency: String(item.currency),
    refunds: Array.isArray(item.refunds) ? item.refunds.map(String) : [],
    mailed: item.mailed === true,
  };
}

/** When each refund of the account under the guarantee was made (epoch seconds), by subscription. */
export async function listGuaranteeRefunds(
  uid: string,
): Promise<{ subscriptionId: string; refundedAt: number }[]> {
  const out = await db().query({
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
    ExpressionAttributeValues: { ':pk': userPk(uid), ':prefix': GUARANTEE_PREFIX },
    ConsistentRead: true,
  });
  return (out.Items ?? [])
    .filter((item) => typeof item.refundedAt === 'number')
    .map((item) => ({
      subscriptionId: String(item[SORT_KEY]).slice(GUARANTEE_PREFIX.length),
      refundedAt: Number(item.refundedAt),
    }));
}

/** Records the refund made (a retry records the same refund again; the mail's claim stays). */
export async function saveGuaranteeRefund(uid: string, r: Omit<GuaranteeRefund, 'mailed'>): Promise<void> {
  await db().update({
    TableName: table(),
    Key: refundKey(uid, r.subscriptionId),
    UpdateExpression:
      'SET refundedAt = if_not_exists(refundedAt, :at), amount = :amount, currency = :cur, refunds = :refunds',
    ExpressionAttributeValues: {
      ':at': r.refundedAt,
      ':amount': r.amount,
      ':cur': r.currency,
      ':refunds': r.refunds,
    },
  });
}

/**
 * Marks the refund's mails sent (each refund's own mail is claimed by its id, notices/refund-notices.ts):
 * the refund is then finished, and a new request for it is refused.
 */
export async function markRefundMailed(uid: string, subscriptionId: string): Promise<void> {
  await updateIf({
    Key: refundKey(uid, subscriptionId),
    UpdateExpression: 'SET mailed = :t',
    ConditionExpression: 'attribute_exists(refundedAt)',
    ExpressionAttributeValues: { ':t': true },
  });
}
