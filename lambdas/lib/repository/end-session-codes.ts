import { randomBytes } from 'node:crypto';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';

// The one-time codes of the "end every session" links in the security mails (ENDSESSIONS#<code>):
// the code is the secret, like an email-recovery code; it names the user and nothing else (no
// address), and works for a week.

const KEEP_SECONDS = 7 * 24 * 3600;
const key = (code: string) => ({ [PARTITION_KEY]: `ENDSESSIONS#${code}`, [SORT_KEY]: 'CODE' });

export interface EndSessionCode {
  uid: string;
  /** The Cognito user name (for the global sign-out). */
  username: string;
  expiresAt: number;
  usedAt?: string;
}

/** A new code for the user; answers it. */
export async function createEndSessionCode(uid: string, username: string): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await updateIf({
    Key: key(code),
    UpdateExpression: 'SET #uid = :uid, #user = :user, #ttl = :ttl',
    ExpressionAttributeNames: { '#uid': 'uid', '#user': 'username', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':uid': uid,
      ':user': username,
      ':ttl': Math.floor(Date.now() / 1000) + KEEP_SECONDS,
    },
  });
  return code;
}

/** The code's record while it works (not expired); undefined for an unknown or expired one. */
export async function getEndSessionCode(code: string): Promise<EndSessionCode | undefined> {
  const { Item } = await db().get({ TableName: table(), Key: key(code), ConsistentRead: true });
  if (!Item || typeof Item.uid !== 'string' || typeof Item.username !== 'string') return undefined;
  const expiresAt = Number(Item[TTL_ATTRIBUTE]);
  if (!(expiresAt > Date.now() / 1000)) return undefined;
  return {
    uid: Item.uid,
    username: Item.username,
    expiresAt,
    ...(typeof Item.usedAt === 'string' ? { usedAt: Item.usedAt } : {}),
  };
}

/** Spends the code; false when it was spent already. */
export async function spendEndSessionCode(code: string): Promise<boolean> {
  const written = await updateIf({
    Key: key(code),
    UpdateExpression: 'SET #used = :now',
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#used)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#used': 'usedAt' },
    ExpressionAttributeValues: { ':now': new Date().toISOString() },
  });
  return written !== undefined;
}
