import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { RECOVER_SK, recoverPk, userPk, userRecoverSk } from './keys';

// One-time email recovery codes (RECOVER#<code>, TTL in expiresAt) plus a pointer in the user's
// partition so deleting the user removes them too. The code itself is the secret.

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
  /** A recovery with this code was accepted and may be running or have failed half-way: a retry
   * completes it without checking again what the recovery itself changes (the email). */
  acceptedAt?: string;
  usedAt?: string;
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
    acceptedAt: typeof item.acceptedAt === 'string' ? item.acceptedAt : undefined,
    usedAt: typeof item.usedAt === 'string' ? item.usedAt : undefined,
  };
}

/** Records that a recovery with the code was accepted (kept if already set); refused once spent. */
export async function acceptRecoveryCode(code: string): Promise<void> {
  await db().update({
    TableName: table(),
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    UpdateExpression: 'SET acceptedAt = if_not_exists(acceptedAt, :now)',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(usedAt)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
}

/** Spends the code; answers false when it was already spent. */
export async function markRecoveryCodeUsed(code: string): Promise<boolean> {
  const written = await updateIf({
    Key: { [PARTITION_KEY]: recoverPk(code), [SORT_KEY]: RECOVER_SK },
    UpdateExpression: 'SET usedAt = :now',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(usedAt)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  return written !== undefined;
}
