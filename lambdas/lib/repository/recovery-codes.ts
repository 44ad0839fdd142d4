import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { RECOVER_SK, recoverPk, RECOVERY_RESET_SK, USER_RECOVER_PREFIX, userPk, userRecoverSk } from './keys';

// One-time email recovery codes (RECOVER#<code>, TTL in expiresAt) plus a pointer in the user's
// partition so the user's codes can be found (a recovery voids the later ones; deletion removes them
// all). The code itself is the secret.

export interface RecoveryCode {
  code: string;
  uid: string;
  /** Cognito user name for admin calls. */
  username: string;
  /** The address the account was changed to. */
  email: string;
  /** The address to restore. */
  previousEmail: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** Epoch seconds: when the code was stored (before the change; codes of older releases lack it). */
  issuedAt?: number;
  /** Epoch ms: orders the codes of one user (a recovery voids those issued after its own). */
  issuedAtMs?: number;
  /** A recovery with this code was accepted and may be running or have failed half-way: a retry
   * completes it without checking again what the recovery itself changes (the email). */
  acceptedAt?: string;
  usedAt?: string;
  /** A recovery with an earlier code of the user restored the address before this change: void. */
  voidedAt?: string;
}

export async function saveRecoveryCode(rc: RecoveryCode): Promise<void> {
  const { code, ...rest } = rc;
  await db().put({
    TableName: table(),
    Item: {
      [PARTITION_KEY]: userPk(rc.uid),
      [SORT_KEY]: userRecoverSk(code),
      [TTL_ATTRIBUTE]: rc.expiresAt,
    },
  });
  await db().put({
    TableName: table(),
    Item: {
      [PARTITION_KEY]: recoverPk(code),
      [SORT_KEY]: RECOVER_SK,
      code,
      ...rest,
      [TTL_ATTRIBUTE]: rc.expiresAt,
    },
    ConditionExpression: 'attribute_not_exists(#pk)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
  });
}

/** The code if it exists and has not expired (DynamoDB deletes TTL items only eventually). */
export async function getRecoveryCode(code: string): Promise<RecoveryCode | undefined> {
  const out = await db().get({
    TableName: table(),
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    ConsistentRead: true,
  });
  const item = out.Item;
  if (!item || Number(item[TTL_ATTRIBUTE]) <= Date.now() / 1000) return undefined;
  return {
    code,
    uid: String(item.uid),
    username: String(item.username),
    email: String(item.email),
    previousEmail: String(item.previousEmail),
    expiresAt: Number(item[TTL_ATTRIBUTE]),
    issuedAt: typeof item.issuedAt === 'number' ? item.issuedAt : undefined,
    issuedAtMs: typeof item.issuedAtMs === 'number' ? item.issuedAtMs : undefined,
    acceptedAt: typeof item.acceptedAt === 'string' ? item.acceptedAt : undefined,
    usedAt: typeof item.usedAt === 'string' ? item.usedAt : undefined,
    voidedAt: typeof item.voidedAt === 'string' ? item.voidedAt : undefined,
  };
}

/** The codes of the user's pointers (RECOVER#<code> in USER#<uid>), expired or not. */
export async function listRecoveryCodesOf(uid: string): Promise<string[]> {
  const codes: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().query({
      TableName: table(),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
      ExpressionAttributeValues: { ':pk': userPk(uid), ':prefix': USER_RECOVER_PREFIX },
      ProjectionExpression: '#sk',
      ConsistentRead: true,
      ExclusiveStartKey: start,
    });
    for (const item of out.Items ?? []) codes.push(String(item[SORT_KEY]).slice(USER_RECOVER_PREFIX.length));
    start = out.LastEvaluatedKey;
  } while (start);
  return codes;
}

/** Voids the code unless it was spent (a recovery accepted with it but unfinished can no longer finish). */
export async function voidRecoveryCode(code: string): Promise<boolean> {
  const written = await updateIf({
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    UpdateExpression: 'SET voidedAt = :now',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(usedAt)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  return written !== undefined;
}

/** Records that a recovery with the code was accepted (kept if already set); false once spent or void. */
export async function acceptRecoveryCode(code: string): Promise<boolean> {
  const written = await updateIf({
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    UpdateExpression: 'SET acceptedAt = if_not_exists(acceptedAt, :now)',
    ConditionExpression:
      'attribute_exists(#pk) AND attribute_not_exists(usedAt) AND attribute_not_exists(voidedAt)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  return written !== undefined;
}

/** Spends the code; answers false when it was already spent. */
export async function setRecoveryCodeUsed(code: string): Promise<boolean> {
  const written = await updateIf({
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    UpdateExpression: 'SET usedAt = :now',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(usedAt)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  return written !== undefined;
}

/**
 * A recovery is about to ask Cognito for its new-password mail, until `until` (epoch seconds; 0 when it
 * has asked): the CustomMessage trigger lets that mail past the daily cap, which an intruder can fill
 * with sign-ups to the owner's mailbox (lib/cognito-mail-limit.ts).
 */
export async function markRecoveryReset(uid: string, until: number): Promise<void> {
  await db().update({
    TableName: table(),
    Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: RECOVERY_RESET_SK },
    UpdateExpression: 'SET #until = :until, #ttl = :ttl',
    ExpressionAttributeNames: { '#until': 'until', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':until': until, ':ttl': Math.floor(Date.now() / 1000) + 86_400 },
  });
}

/** Whether a recovery of `uid` is asking for its new-password mail now. */
export async function recoveryResetUnderway(uid: string, now = Date.now() / 1000): Promise<boolean> {
  const out = await db().get({
    TableName: table(),
    Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: RECOVERY_RESET_SK },
    ConsistentRead: true,
  });
  return typeof out.Item?.until === 'number' && out.Item.until > now;
}
