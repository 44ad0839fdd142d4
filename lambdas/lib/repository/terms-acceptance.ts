import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, table, updateIf } from './client';
import { termsSk, userPk } from './keys';

// Which version of the Terms of Service a buyer accepted for a subscription, and when
// (USER#<uid> / TERMS#<subscriptionId>): accepting the same version again keeps the first time; a
// newer version accepted for the same subscription replaces it.

export interface TermsAcceptance {
  subscriptionId: string;
  version: string;
  /** ISO 8601. */
  acceptedAt: string;
}

const key = (uid: string, subscriptionId: string) => ({
  [PARTITION_KEY]: userPk(uid),
  [SORT_KEY]: termsSk(subscriptionId),
});

export async function readTermsAcceptance(
  uid: string,
  subscriptionId: string,
): Promise<TermsAcceptance | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid, subscriptionId), ConsistentRead: true });
  if (!out.Item) return undefined;
  return { subscriptionId, version: String(out.Item.version), acceptedAt: String(out.Item.acceptedAt) };
}

/** Records the acceptance unless this version is recorded already; answers what is recorded. */
export async function recordTermsAcceptance(
  uid: string,
  subscriptionId: string,
  version: string,
  at: string,
): Promise<TermsAcceptance> {
  const written = await updateIf({
    Key: key(uid, subscriptionId),
    UpdateExpression: 'SET #v = :v, #at = :at',
    ConditionExpression: 'attribute_not_exists(#v) OR #v <> :v',
    ExpressionAttributeNames: { '#v': 'version', '#at': 'acceptedAt' },
    ExpressionAttributeValues: { ':v': version, ':at': at },
  });
  if (written) return { subscriptionId, version, acceptedAt: at };
  return (await readTermsAcceptance(uid, subscriptionId)) ?? { subscriptionId, version, acceptedAt: at };
}
