import { setTimeout as sleep } from 'node:timers/promises';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { userPk } from './keys';

// The user's "tokens valid after" time (USER#<uid> / SESSIONS): a token whose session began earlier
// is refused (lambdas/lib/auth.ts), so sign-out everywhere, email recovery, an email change, a password
// reset and deletion end every session at once instead of when its ID token expires (up to a day later).
//
// Tokens carry whole seconds (iat, auth_time) while a revocation happens at some millisecond: a token
// issued in the same second as the revocation may be older or newer than it. The revocation is
// therefore recorded as the NEXT whole second (every token of that second is refused), and the
// revoking call waits until that second has begun before it answers, so a sign-in made after its
// answer gets a token that is accepted.

const SESSIONS_SK = 'SESSIONS';
/** How long a deleted user's marker is kept: longer than any Cognito ID token lives (at most a day). */
const DELETED_USER_MARKER_SECONDS = 2 * 24 * 3600;

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: SESSIONS_SK });

/** The first whole second a token must have been issued in to outlive a revocation at `nowMs`. */
const validAfterSecond = (nowMs: number): number => Math.floor(nowMs / 1000) + 1;

/** Epoch seconds: tokens of sessions that began earlier are refused. Undefined: never revoked. */
export async function getTokensValidAfter(uid: string): Promise<number | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  const item = out.Item;
  if (!item) return undefined;
  const ttl = item[TTL_ATTRIBUTE];
  if (typeof ttl === 'number' && ttl <= Date.now() / 1000) return undefined;
  return typeof item.tokensValidAfter === 'number' ? item.tokensValidAfter : undefined;
}

export interface RevokeOptions {
  /** When the revocation happens (epoch ms); default now. */
  nowMs?: number;
  /** The user is being deleted: the marker expires once no token of theirs can still be valid. */
  deleted?: boolean;
}

/**
 * Ends every session of the user begun before now, and waits until the recorded second has begun
 * (under a second), so that whoever signs in after this resolves is not refused. Never moves the
 * time backwards. Answers the recorded second.
 */
export async function revokeTokens(uid: string, options: RevokeOptions = {}): Promise<number> {
  const nowMs = options.nowMs ?? Date.now();
  const validAfter = validAfterSecond(nowMs);
  // Skipped when a later revocation is already recorded: it covers this one.
  await updateIf({
    Key: key(uid),
    UpdateExpression: options.deleted
      ? 'SET #v = :v, #at = :at, #ttl = :ttl'
      : 'SET #v = :v, #at = :at REMOVE #ttl',
    ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
    ExpressionAttributeNames: { '#v': 'tokensValidAfter', '#at': 'revokedAt', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':v': validAfter,
      ':at': new Date(nowMs).toISOString(),
      ...(options.deleted ? { ':ttl': validAfter + DELETED_USER_MARKER_SECONDS } : {}),
    },
  });
  const wait = validAfter * 1000 - Date.now();
  if (wait > 0) await sleep(wait);
  return validAfter;
}

/**
 * The account's two-factor settings changed at `atMs` (turned on, replaced, turned off): sign-ins that
 * began before then may not complete (lambdas/triggers/pre-token-generation.ts). Sessions already
 * open are not ended by this. Never moves the time backwards.
 */
export async function recordSecondFactorChange(uid: string, atMs: number = Date.now()): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #f = :f',
    ConditionExpression: 'attribute_not_exists(#f) OR #f < :f',
    ExpressionAttributeNames: { '#f': 'secondFactorChangedAt' },
    ExpressionAttributeValues: { ':f': atMs },
  });
}

/**
 * Epoch ms of the account's last security change: every session ended (sign-out everywhere, email
 * recovery or change, password reset, deletion) or the two-factor settings changed. A sign-in must
 * have begun at or after it. Undefined: none recorded.
 */
export async function lastSecurityChangeMs(uid: string): Promise<number | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  const item = out.Item;
  if (!item) return undefined;
  const times = [
    typeof item.tokensValidAfter === 'number' ? item.tokensValidAfter * 1000 : undefined,
    typeof item.secondFactorChangedAt === 'number' ? item.secondFactorChangedAt : undefined,
  ].filter((t): t is number => t !== undefined);
  return times.length ? Math.max(...times) : undefined;
}
