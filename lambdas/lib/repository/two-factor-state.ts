import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, table, updateIf } from './client';
import { userPk } from './keys';

// Whether two-factor sign-in was on when the security-event function last looked (USER#<uid> /
// TWO_FACTOR), so that a change of the setting is told apart from a repeat of it: Cognito's events say
// which call was made, not what it changed.

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: 'TWO_FACTOR' });

export interface TwoFactorState {
  on: boolean;
  /** Epoch ms of the call that set it so (CloudTrail's event time). */
  since: number;
}

/** The state seen last; off since the beginning when never seen (every account starts without it). */
export async function lastKnownTwoFactor(uid: string): Promise<TwoFactorState> {
  const { Item } = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  return typeof Item?.on === 'boolean' && typeof Item.since === 'number'
    ? { on: Item.on, since: Item.since }
    : { on: false, since: 0 };
}

export async function saveTwoFactor(uid: string, state: TwoFactorState): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #on = :on, #since = :since',
    ExpressionAttributeNames: { '#on': 'on', '#since': 'since' },
    ExpressionAttributeValues: { ':on': state.on, ':since': state.since },
  });
}
