import type { BillingDetails } from '../../endpoints/billing-details/contract';
import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, table, updateIf } from './client';
import { ACCOUNT_SK, userPk } from './keys';

// The billing details last set on the account's Stripe customer, kept on the account item
// (USER#<uid> / ACCOUNT, `billingDetails`) so the licenses page shows them without asking Stripe.

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: ACCOUNT_SK });

export async function readBillingDetails(uid: string): Promise<BillingDetails | null> {
  const out = await db().get({
    TableName: table(),
    Key: key(uid),
    ProjectionExpression: 'billingDetails',
    ConsistentRead: true,
  });
  return (out.Item?.billingDetails as BillingDetails | undefined) ?? null;
}

/** Stores the details on an existing account (a deleted one is not brought back). */
export async function saveBillingDetails(uid: string, details: BillingDetails): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET billingDetails = :d',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':d': details },
  });
}
