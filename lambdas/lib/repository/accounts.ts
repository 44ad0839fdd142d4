import { CUSTOMER_ID_ATTRIBUTE, CUSTOMER_ID_INDEX, PARTITION_KEY, SORT_KEY } from '../table';
import { db, table, updateIf } from './client';
import { ACCOUNT_SK, userPk } from './keys';
import type { SubscriptionSnapshot } from '../subscription-snapshot';
import { LIVE_STATUSES } from '../subscription-status';

export type { SubscriptionSnapshot };

// The account item (USER#<uid> / ACCOUNT): the user's Stripe customer, their current subscription and
// a cache of its state. Stripe stays the source of truth; the cache lets reads skip a Stripe call.

export interface Account extends Partial<SubscriptionSnapshot> {
  uid: string;
  email?: string;
  customerId?: string;
  updatedAt?: string;
}

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: ACCOUNT_SK });

function toAccount(item: Record<string, unknown> | undefined): Account | undefined {
  if (!item) return undefined;
  const { [PARTITION_KEY]: _pk, [SORT_KEY]: _sk, ...rest } = item;
  return rest as unknown as Account;
}

export async function getAccount(uid: string): Promise<Account | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  return toAccount(out.Item);
}

/**
 * Records the user's Stripe customer. The first writer wins (if_not_exists), so two parallel
 * checkouts agree on one customer; answers the customer id now stored.
 */
export async function saveCustomer(
  uid: string,
  customerId: string,
  email: string | undefined,
): Promise<string> {
  const out = await db().update({
    TableName: table(),
    Key: key(uid),
    UpdateExpression:
      'SET #uid = :uid, #cid = if_not_exists(#cid, :cid), #email = if_not_exists(#email, :email), #u = :now',
    ExpressionAttributeNames: {
      '#uid': 'uid',
      '#cid': CUSTOMER_ID_ATTRIBUTE,
      '#email': 'email',
      '#u': 'updatedAt',
    },
    ExpressionAttributeValues: {
      ':uid': uid,
      ':cid': customerId,
      ':email': email ?? null,
      ':now': new Date().toISOString(),
    },
    ReturnValues: 'ALL_NEW',
  });
  return String(out.Attributes?.[CUSTOMER_ID_ATTRIBUTE] ?? customerId);
}

/**
 * Stores a subscription's state unless the account already points at a newer subscription, so a
 * late webhook about an old, cancelled subscription cannot replace the current one, or at a live one
 * this does not replace, so a checkout awaiting payment never hides the subscription in force.
 * Answers whether it was stored.
 */
export async function saveSubscription(
  uid: string,
  customerId: string,
  s: SubscriptionSnapshot,
  /** The subscription this one replaces (setup-checkout, which cancelled it): it may be as new. */
  replaces?: string,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':uid': uid,
    ':cid': customerId,
    ':now': new Date().toISOString(),
  };
  const names: Record<string, string> = {
    '#pk': PARTITION_KEY,
    '#uid': 'uid',
    '#cid': CUSTOMER_ID_ATTRIBUTE,
    '#u': 'updatedAt',
  };
  if (replaces) values[':replaces'] = replaces;
  LIVE_STATUSES.forEach((status, i) => (values[`:live${i}`] = status));
  const sets = ['#uid = :uid', '#cid = if_not_exists(#cid, :cid)', '#u = :now'];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(s)) {
    names[`#${field}`] = field;
    if (value === undefined) {
      removes.push(`#${field}`);
    } else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  const written = await updateIf({
    Key: key(uid),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    // The account must exist (a late webhook must not resurrect a deleted user), it must not already
    // point at a newer subscription, and for the same subscription the stored state must not have
    // been read from Stripe later than this one. A newer subscription takes the pointer only from one
    // that is no longer live: the subscription in force (set to end or not) stays the current one.
    ConditionExpression:
      'attribute_exists(#pk) AND (attribute_not_exists(#subscriptionCreated) OR ' +
      '(#subscriptionId = :subscriptionId AND (attribute_not_exists(#observedAt) OR #observedAt <= :observedAt)) OR ' +
      `(#subscriptionCreated < :subscriptionCreated AND NOT (#subscriptionStatus IN (${LIVE_STATUSES.map((_, i) => `:live${i}`).join(', ')})))` +
      (replaces ? ' OR #subscriptionId = :replaces)' : ')'),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  return written !== undefined;
}

export async function saveEmail(uid: string, email: string): Promise<void> {
  await db().update({
    TableName: table(),
    Key: key(uid),
    UpdateExpression: 'SET #uid = :uid, #email = :email, #u = :now',
    ExpressionAttributeNames: { '#uid': 'uid', '#email': 'email', '#u': 'updatedAt' },
    ExpressionAttributeValues: { ':uid': uid, ':email': email, ':now': new Date().toISOString() },
  });
}

/** The user whose account holds this Stripe customer (webhooks only know the customer). */
export async function findUidByCustomerId(customerId: string): Promise<string | undefined> {
  const out = await db().query({
    TableName: table(),
    IndexName: CUSTOMER_ID_INDEX,
    KeyConditionExpression: '#cid = :cid',
    ExpressionAttributeNames: { '#cid': CUSTOMER_ID_ATTRIBUTE },
    ExpressionAttributeValues: { ':cid': customerId },
  });
  const item = out.Items?.find((i) => i[SORT_KEY] === ACCOUNT_SK);
  return typeof item?.uid === 'string' ? item.uid : undefined;
}

/** An account whose cached subscription state was last read from Stripe before the cut-off. */
export interface StaleAccount {
  uid: string;
  subscriptionId: string;
}

/**
 * Accounts with a subscription that has not ended whose cached state is older than `observedBefore`
 * (epoch ms), for the scheduled sync. A Scan, page by page: it runs a few times a day, and an index on
 * `observedAt` would add a write to every snapshot save (every webhook and action) to save that.
 */
export async function listStaleAccounts(
  observedBefore: number,
  endedStatuses: readonly string[],
): Promise<StaleAccount[]> {
  const out: StaleAccount[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().scan({
      TableName: table(),
      ProjectionExpression: '#uid, #sid',
      FilterExpression:
        '#sk = :account AND attribute_exists(#sid) AND ' +
        '(attribute_not_exists(#obs) OR #obs < :before) AND NOT (#status IN (' +
        endedStatuses.map((_, i) => `:ended${i}`).join(', ') +
        '))',
      ExpressionAttributeNames: {
        '#sk': SORT_KEY,
        '#uid': 'uid',
        '#sid': 'subscriptionId',
        '#obs': 'observedAt',
        '#status': 'subscriptionStatus',
      },
      ExpressionAttributeValues: {
        ':account': ACCOUNT_SK,
        ':before': observedBefore,
        ...Object.fromEntries(endedStatuses.map((s, i) => [`:ended${i}`, s])),
      },
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      if (typeof item.uid === 'string' && typeof item.subscriptionId === 'string')
        out.push({ uid: item.uid, subscriptionId: item.subscriptionId });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** An account whose cached card expires before its subscription's next renewal. */
export interface CardExpiringAccount {
  uid: string;
  email: string;
  subscriptionId: string;
}

/**
 * Accounts whose subscription renews (in force, licenses renewing) with a card that expires before the
 * renewal, by the cached snapshot: a Scan for the card-expiry job, twice a day (as listStaleAccounts, an index
 * would cost every snapshot write more than the Scan costs once a day).
 */
export async function listAccountsWithExpiringCards(
  inForceStatuses: readonly string[],
): Promise<CardExpiringAccount[]> {
  const out: CardExpiringAccount[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().scan({
      TableName: table(),
      ProjectionExpression: '#uid, #email, #sid, #end, #m, #y',
      FilterExpression:
        '#sk = :account AND #renewing > :zero AND attribute_exists(#y) AND attribute_exists(#end) AND #status IN (' +
        inForceStatuses.map((_, i) => `:status${i}`).join(', ') +
        ')',
      ExpressionAttributeNames: {
        '#sk': SORT_KEY,
        '#uid': 'uid',
        '#email': 'email',
        '#sid': 'subscriptionId',
        '#status': 'subscriptionStatus',
        '#renewing': 'renewing',
        '#end': 'periodEnd',
        '#m': 'cardExpMonth',
        '#y': 'cardExpYear',
      },
      ExpressionAttributeValues: {
        ':account': ACCOUNT_SK,
        ':zero': 0,
        ...Object.fromEntries(inForceStatuses.map((s, i) => [`:status${i}`, s])),
      },
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      const { uid, email, subscriptionId, periodEnd, cardExpMonth, cardExpYear } = item;
      if (
        typeof uid === 'string' &&
        typeof email === 'string' &&
        typeof subscriptionId === 'string' &&
        typeof periodEnd === 'number' &&
        typeof cardExpMonth === 'number' &&
        typeof cardExpYear === 'number' &&
        cardExpiresAt(cardExpMonth, cardExpYear) <= periodEnd
      )
        out.push({ uid, email, subscriptionId });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The first moment (epoch seconds) a card with this expiry no longer pays: it works through its month. */
export const cardExpiresAt = (month: number, year: number): number => Date.UTC(year, month, 1) / 1000;
