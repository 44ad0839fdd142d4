import { randomBytes } from 'node:crypto';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { userPk } from './keys';

// When each sign-in of a user with two-factor sign-in began (USER#<uid> / SIGNIN#<ms>#<random>), recorded
// by the PreAuthentication trigger: such a sign-in stops at Cognito's code challenge and can be
// answered minutes later, after a security change of the account; the PreTokenGeneration trigger
// refuses to complete one that began before the change (lambdas/triggers/pre-token-generation.ts).
// And the BFF's own password checks (PWCHECK#<nonce>), which start sign-ins nobody will complete.

/** The ClientMetadata key that carries the BFF's password-check mark (lambdas/lib/cognito.ts). */
export const PASSWORD_CHECK_KEY = 'passwordCheck';

const SIGNIN_PREFIX = 'SIGNIN#';
const PWCHECK_PREFIX = 'PWCHECK#';
/** Kept an hour: far longer than a challenge can wait (15 minutes at most). */
const KEEP_SECONDS = 3600;

/** Sortable by time: epoch ms padded to 15 digits (good until the year 33658). */
const startSk = (ms: number): string =>
  `${SIGNIN_PREFIX}${String(Math.max(0, Math.floor(ms))).padStart(15, '0')}`;
const expiry = (): number => Math.floor(Date.now() / 1000) + KEEP_SECONDS;

export async function recordSignInStart(uid: string, atMs: number): Promise<void> {
  await db().put({
    TableName: table(),
    Item: {
      [PARTITION_KEY]: userPk(uid),
      [SORT_KEY]: `${startSk(atMs)}#${randomBytes(6).toString('hex')}`,
      startedAt: atMs,
      [TTL_ATTRIBUTE]: expiry(),
    },
  });
}

/** The latest recorded start in [fromMs, beforeMs), or undefined. */
export async function latestSignInStart(
  uid: string,
  fromMs: number,
  beforeMs: number,
): Promise<number | undefined> {
  if (beforeMs <= fromMs) return undefined;
  const out = await db().query({
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
    // Every sort key of a start at ms < beforeMs sorts below startSk(beforeMs).
    ExpressionAttributeValues: { ':pk': userPk(uid), ':from': startSk(fromMs), ':to': startSk(beforeMs) },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  const starts = (out.Items ?? [])
    .map((item) => Number(item.startedAt))
    .filter((ms) => Number.isFinite(ms) && ms >= fromMs && ms < beforeMs);
  return starts.length ? Math.max(...starts) : undefined;
}

/** The BFF is about to check the user's password (a sign-in it never completes): its one-time mark. */
export async function notePasswordCheck(uid: string, nonce: string): Promise<void> {
  await updateIf({
    Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: `${PWCHECK_PREFIX}${nonce}` },
    UpdateExpression: 'SET #ttl = :ttl',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':ttl': expiry() },
  });
}

/** Whether this sign-in is the BFF's password check `nonce` (each counts once). */
export async function takePasswordCheck(uid: string, nonce: string): Promise<boolean> {
  const taken = await updateIf({
    Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: `${PWCHECK_PREFIX}${nonce}` },
    UpdateExpression: 'SET #used = :true',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#used)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#used': 'used' },
    ExpressionAttributeValues: { ':true': true },
  });
  return taken !== undefined;
}
