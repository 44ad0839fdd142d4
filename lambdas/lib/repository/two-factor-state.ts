import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, table, updateIf } from './client';
import { userPk } from './keys';

// Whether two-factor sign-in was on when the security-event function last looked (USER#<uid> /
// TWO_FACTOR), so that a change of the setting is told apart from a repeat of it: Cognito's events say
// which call was made, not what it changed. The same item keeps when an authenticator app was last
// verified (Cognito keeps no such time) and the changes of address the last email recovery undid, for
// lib/recovery-two-factor.ts.

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: 'TWO_FACTOR' });

export interface TwoFactorState {
  on: boolean;
  /** Epoch ms of the call that set it so (CloudTrail's event time). */
  since: number;
  /** Epoch ms of the last VerifySoftwareToken (CloudTrail's event time): an authenticator app set up. */
  verifiedAt?: number;
  /** Epoch ms: the last email recovery undid the changes of address made from `from` until `to`. */
  undone?: { from: number; to: number };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The state seen last; off since the beginning when never seen (every account starts without it). */
export async function lastKnownTwoFactor(uid: string): Promise<TwoFactorState> {
  const { Item } = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  const seen =
    typeof Item?.on === 'boolean' && typeof Item.since === 'number'
      ? { on: Item.on, since: Item.since }
      : { on: false, since: 0 };
  const verifiedAt = num(Item?.verifiedAt);
  const [from, to] = [num(Item?.undoneFrom), num(Item?.undoneTo)];
  return {
    ...seen,
    ...(verifiedAt !== undefined ? { verifiedAt } : {}),
    ...(from !== undefined && to !== undefined ? { undone: { from, to } } : {}),
  };
}

/** An authenticator app was verified at `atMs`; never moves the time backwards (events come in any order). */
export async function recordAuthenticatorVerified(uid: string, atMs: number): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #v = :v',
    ConditionExpression: 'attribute_not_exists(#v) OR #v < :v',
    ExpressionAttributeNames: { '#v': 'verifiedAt' },
    ExpressionAttributeValues: { ':v': atMs },
  });
}

/** An email recovery at `toMs` undid the changes of address made since `fromMs`. */
export async function recordRecoveryWindow(uid: string, fromMs: number, toMs: number): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #f = :f, #t = :t',
    ExpressionAttributeNames: { '#f': 'undoneFrom', '#t': 'undoneTo' },
    ExpressionAttributeValues: { ':f': fromMs, ':t': toMs },
  });
}

export async function saveTwoFactor(uid: string, state: TwoFactorState): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #on = :on, #since = :since',
    ExpressionAttributeNames: { '#on': 'on', '#since': 'since' },
    ExpressionAttributeValues: { ':on': state.on, ':since': state.since },
  });
}
