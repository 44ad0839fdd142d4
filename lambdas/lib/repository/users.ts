import { setTimeout as sleep } from 'node:timers/promises';
import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, table } from './client';
import { ACCOUNT_SK, LICENSE_PREFIX, RECOVER_SK, recoverPk, USER_RECOVER_PREFIX, userPk } from './keys';

// Removing everything a user owns: every item in their partition (account, license slots, recovery
// pointers) and the recovery codes those pointers name (RECOVER#<code>, which hold both addresses).
// The codes go in the first batches and their pointers after, so a retry after a failure half-way
// still finds every code left. Batches of 25 are plain deletes of independent items; a retry simply
// deletes again.

export interface RemovedRecords {
  account: boolean;
  licenses: number;
  other: number;
}

export async function deleteUserRecords(uid: string): Promise<RemovedRecords> {
  const keys: Record<string, string>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().query({
      TableName: table(),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
      ExpressionAttributeValues: { ':pk': userPk(uid) },
      ProjectionExpression: '#pk, #sk',
      ConsistentRead: true,
      ExclusiveStartKey: start,
    });
    for (const item of out.Items ?? [])
      keys.push({ [PARTITION_KEY]: String(item[PARTITION_KEY]), [SORT_KEY]: String(item[SORT_KEY]) });
    start = out.LastEvaluatedKey;
  } while (start);

  const codeKeys = keys
    .map((k) => k[SORT_KEY] ?? '')
    .filter((sk) => sk.startsWith(USER_RECOVER_PREFIX))
    .map((sk) => ({
      [PARTITION_KEY]: recoverPk(sk.slice(USER_RECOVER_PREFIX.length)),
      [SORT_KEY]: RECOVER_SK,
    }));
  const ordered = [...codeKeys, ...keys];
  for (let i = 0; i < ordered.length; i += 25) {
    let requests: { DeleteRequest: { Key: Record<string, unknown> } }[] = ordered
      .slice(i, i + 25)
      .map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length && attempt < 5; attempt++) {
      const out = await db().batchWrite({ RequestItems: { [table()]: requests } });
      requests = (out.UnprocessedItems?.[table()] ?? []) as typeof requests;
      if (requests.length) await sleep(50 * 2 ** attempt);
    }
    if (requests.length) throw new Error(`Could not delete ${requests.length} items of user ${uid}`);
  }
  const sks = keys.map((k) => k[SORT_KEY] ?? '');
  const licenses = sks.filter((sk) => sk.startsWith(LICENSE_PREFIX)).length;
  const account = sks.includes(ACCOUNT_SK);
  return { account, licenses, other: ordered.length - licenses - (account ? 1 : 0) };
}
