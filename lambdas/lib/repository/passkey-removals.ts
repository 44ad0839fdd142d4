import { PARTITION_KEY, SORT_KEY } from '../table';
import { db, isConditionFailure, table, updateIf } from './client';
import { userPk } from './keys';

// Support's request to remove an account's passkeys (USER#<uid> / PASSKEYS_REMOVED): when, and by whom.
// Cognito has no admin call for passkeys (ListWebAuthnCredentials and DeleteWebAuthnCredential take the
// owner's own access token), so support cannot remove them itself: the request is recorded, lookup shows
// it, and while it is pending the BFF refuses the account's calls (lambdas/lib/auth.ts) until the site,
// at the next sign-in, removes the passkeys with the owner's access token and clears it
// (POST /api/finish-passkey-removal; docs/billing.md, Support). Lives in the user's partition: deleting
// the account ends it.

const key = (uid: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: 'PASSKEYS_REMOVED' });

export interface PasskeyRemoval {
  /** Epoch ms of the request: a passkey made before it is to be removed. */
  requestedAt: number;
  operator: string;
}

/** Records a request; a later request replaces an earlier one, never the reverse. */
export async function recordPasskeyRemoval(uid: string, removal: PasskeyRemoval): Promise<void> {
  await updateIf({
    Key: key(uid),
    UpdateExpression: 'SET #at = :at, #op = :op',
    ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
    ExpressionAttributeNames: { '#at': 'requestedAt', '#op': 'operator' },
    ExpressionAttributeValues: { ':at': removal.requestedAt, ':op': removal.operator },
  });
}

/** The pending request, if any. */
export async function readPasskeyRemoval(uid: string): Promise<PasskeyRemoval | undefined> {
  const { Item } = await db().get({ TableName: table(), Key: key(uid), ConsistentRead: true });
  if (typeof Item?.requestedAt !== 'number' || typeof Item.operator !== 'string') return undefined;
  return { requestedAt: Item.requestedAt, operator: Item.operator };
}

/**
 * Clears the request whose time is `requestedAt`, once its passkeys are removed; a newer request stays
 * pending (and one already cleared is no failure: a second finish ran beside this one).
 */
export async function clearPasskeyRemoval(uid: string, requestedAt: number): Promise<void> {
  try {
    await db().delete({
      TableName: table(),
      Key: key(uid),
      ConditionExpression: '#at = :at',
      ExpressionAttributeNames: { '#at': 'requestedAt' },
      ExpressionAttributeValues: { ':at': requestedAt },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
