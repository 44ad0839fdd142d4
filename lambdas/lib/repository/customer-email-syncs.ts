import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, isConditionFailure, table } from './client';

// Accounts whose Stripe customer's email must follow their account record's (EMAIL_SYNC / USER#<uid>):
// the PreSignUp trigger moves an address without calling Stripe (Cognito gives a trigger 5 seconds),
// and the scheduled job (lambdas/jobs/sync-customer-emails.ts) makes Stripe follow. One partition:
// such moves are rare, and one Query lists them.

const PK = 'EMAIL_SYNC';
const key = (uid: string) => ({ [PARTITION_KEY]: PK, [SORT_KEY]: `USER#${uid}` });

export interface CustomerEmailSync {
  uid: string;
  /** Epoch ms of the request; a newer request keeps the item when an older one is done. */
  requestedAt: number;
}

/** Asks for the customer's email to follow the account record's. */
export async function requestCustomerEmailSync(uid: string): Promise<void> {
  await db().put({ TableName: table(), Item: { ...key(uid), uid, requestedAt: Date.now() } });
}

export async function pendingCustomerEmailSyncs(): Promise<CustomerEmailSync[]> {
  const out: CustomerEmailSync[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().query({
      TableName: table(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY },
      ExpressionAttributeValues: { ':pk': PK },
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      if (typeof item.uid === 'string' && typeof item.requestedAt === 'number') {
        out.push({ uid: item.uid, requestedAt: item.requestedAt });
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Done: removed, unless a newer request came meanwhile. */
export async function customerEmailSyncDone(sync: CustomerEmailSync): Promise<void> {
  try {
    await db().delete({
      TableName: table(),
      Key: key(sync.uid),
      ConditionExpression: 'requestedAt = :at',
      ExpressionAttributeValues: { ':at': sync.requestedAt },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
