import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { userPk } from './keys';

// The user's "tokens valid after" time (USER#<uid> / SESSIONS): a token whose session began earlier
// is refused (lambdas/lib/auth.ts), so sign-out everywhere, email recovery, an email change, a password
// reset, a change of second factor and deletion end every session at once instead of when its ID token
// expires (up to a day later).
//
// Tokens carry whole seconds (iat, auth_time) while a revocation happens at some millisecond: a token
// issued in the same second as the revocation may be older or newer than it. The revocation is
// recorded to the millisecond (revokedAt) beside its whole-second bound (tokensValidAfter, the next
// second), and the PreTokenGeneration trigger stamps each ID token with the millisecond Cognito issues
// it (ISSUED_MS_CLAIM), so a token of the revocation's own second is taken only if it was issued after
// the revocation. The revoking call never waits for the clock.

/** The ID token claim the PreTokenGeneration trigger writes: when the token was issued (epoch ms). */
export const ISSUED_MS_CLAIM = 'iat_ms';

const SESSIONS_SK = 'SESSIONS';
/** How long a deleted user's marker is kept: longer than any Cognito ID token lives (at most a day). */
const DELETED_USER_MARKER_SECONDS = 2 * 24 * 3600;

/** The SESSIONS item's key (passkey-removals.ts keeps support's request on it too). */
export const sessionsKey = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: SESSIONS_SK });
const key = sessionsKey;

/** The first whole second a token must have been issued in to outlive a revocation at `nowMs`. */
const validAfterSecond = (nowMs: number): number => Math.floor(nowMs / 1000) + 1;

/** The last revocation of a user's sessions. */
interface SessionsBar {
  /** Epoch seconds: a session that began in this second or later outlives the revocation. */
  validAfter: number;
  /** Epoch ms of the revocation: a token of the second before `validAfter` must be issued after it. */
  revokedAtMs: number;
}

/**
 * The user's SESSIONS item as stored, read once per call of the BFF (lambdas/lib/auth.ts): the last
 * revocation (sessionsBarOf) and support's pending removal of the passkeys (passkey-removals.ts) live
 * on it, so every gate costs one read.
 */
export async function readSessionsItem(uid: string): Promise<Record<string, unknown> | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  return out.Item;
}

/** The last revocation recorded on a SESSIONS item, or undefined if there is none. */
export function sessionsBarOf(item: Record<string, unknown> | undefined): SessionsBar | undefined {
  if (!item) return undefined;
  const ttl = item[TTL_ATTRIBUTE];
  if (typeof ttl === 'number' && ttl <= Date.now() / 1000) return undefined;
  if (typeof item.tokensValidAfter !== 'number') return undefined;
  const validAfter = item.tokensValidAfter;
  const at = typeof item.revokedAt === 'string' ? Date.parse(item.revokedAt) : NaN;
  // Without a readable time, the whole second before the bound counts as revoked.
  return { validAfter, revokedAtMs: Number.isFinite(at) ? at : validAfter * 1000 - 1 };
}

/** The user's last revocation, or undefined if their sessions were never revoked. */
export async function getSessionsBar(uid: string): Promise<SessionsBar | undefined> {
  return sessionsBarOf(await readSessionsItem(uid));
}

/**
 * Whether a token outlives the revocation: its session began (auth_time) after the revocation's
 * second, or in that second with the token issued (its ISSUED_MS_CLAIM) after the revocation.
 */
export function outlives(bar: SessionsBar, sessionStart: number, issuedMs: number | undefined): boolean {
  if (sessionStart >= bar.validAfter) return true;
  if (sessionStart < bar.validAfter - 1) return false;
  return issuedMs !== undefined && issuedMs > bar.revokedAtMs;
}

export interface RevokeOptions {
  /** When the revocation happens (epoch ms); default now. */
  nowMs?: number;
  /** The user is being deleted: the marker expires once no token of theirs can still be valid. */
  deleted?: boolean;
  /**
   * Whether sign-ins already past the password and waiting for their code are refused tokens too
   * (lambdas/triggers/pre-token-generation.ts); default true. A change of second factor keeps them:
   * before it is on no sign-in stops at a code, and once it is off the password alone signs in.
   */
  endPendingSignIns?: boolean;
}

/**
 * Ends every session of the user begun before now, at the BFF (Cognito's global sign-out is the
 * caller's part). Never moves the time backwards. Answers the revocation's time (epoch ms).
 */
export async function revokeTokens(uid: string, options: RevokeOptions = {}): Promise<number> {
  const nowMs = options.nowMs ?? Date.now();
  const validAfter = validAfterSecond(nowMs);
  const endPending = options.endPendingSignIns !== false;
  // Kept sign-ins leave the field as it is (0 if none: a record that has it is not from before it).
  const sets = ['#v = :v', '#at = :at', endPending ? '#p = :p' : '#p = if_not_exists(#p, :p)'];
  if (options.deleted) sets.push('#ttl = :ttl');
  // Skipped when a later revocation is already recorded: it covers this one. revokedAt is an ISO time
  // in UTC, so its strings sort as the times do.
  await updateIf({
    Key: key(uid),
    UpdateExpression: `SET ${sets.join(', ')}${options.deleted ? '' : ' REMOVE #ttl'}`,
    ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
    ExpressionAttributeNames: {
      '#v': 'tokensValidAfter',
      '#at': 'revokedAt',
      '#ttl': TTL_ATTRIBUTE,
      '#p': 'pendingSignInsEndedAt',
    },
    ExpressionAttributeValues: {
      ':v': validAfter,
      ':at': new Date(nowMs).toISOString(),
      ':p': endPending ? nowMs : 0,
      ...(options.deleted ? { ':ttl': validAfter + DELETED_USER_MARKER_SECONDS } : {}),
    },
  });
  return nowMs;
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
  // A record from before pendingSignInsEndedAt existed: its whole-second bound.
  const ended =
    typeof item.pendingSignInsEndedAt === 'number'
      ? item.pendingSignInsEndedAt
      : typeof item.tokensValidAfter === 'number'
        ? item.tokensValidAfter * 1000
        : undefined;
  const times = [
    ended,
    typeof item.secondFactorChangedAt === 'number' ? item.secondFactorChangedAt : undefined,
  ].filter((t): t is number => t !== undefined);
  return times.length ? Math.max(...times) : undefined;
}
