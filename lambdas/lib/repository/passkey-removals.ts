import { updateIf } from './client';
import { readSessionsItem, sessionsKey } from './sessions';

// Support's request to remove an account's passkeys (USER#<uid> / SESSIONS, passkeyRemovalRequestedAt
// and passkeyRemovalOperator): when, and by whom.
// Cognito has no admin call for passkeys (ListWebAuthnCredentials and DeleteWebAuthnCredential take the
// owner's own access token), so support cannot remove them itself: the request is recorded, lookup shows
// it, and while it is pending the BFF refuses the account's calls (lambdas/lib/auth.ts) until the site,
// at the next sign-in, removes the passkeys with the owner's access token and clears it
// (POST /api/finish-passkey-removal; docs/billing.md, Support). It lives on the SESSIONS item, beside
// the sessions bar, so the gate every call passes reads both at once. Deleting the account ends it.

const AT = 'passkeyRemovalRequestedAt';
const OPERATOR = 'passkeyRemovalOperator';

export interface PasskeyRemoval {
  /** Epoch ms of the request: a passkey made before it is to be removed. */
  requestedAt: number;
  operator: string;
}

/** Records a request; a later request replaces an earlier one, never the reverse. */
export async function recordPasskeyRemoval(uid: string, removal: PasskeyRemoval): Promise<void> {
  await updateIf({
    Key: sessionsKey(uid),
    UpdateExpression: 'SET #at = :at, #op = :op',
    ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
    ExpressionAttributeNames: { '#at': AT, '#op': OPERATOR },
    ExpressionAttributeValues: { ':at': removal.requestedAt, ':op': removal.operator },
  });
}

/** The pending request recorded on a SESSIONS item (readSessionsItem), if any. */
export function passkeyRemovalOf(item: Record<string, unknown> | undefined): PasskeyRemoval | undefined {
  const requestedAt = item?.[AT];
  const operator = item?.[OPERATOR];
  if (typeof requestedAt !== 'number' || typeof operator !== 'string') return undefined;
  return { requestedAt, operator };
}

/** The pending request, if any. */
export async function readPasskeyRemoval(uid: string): Promise<PasskeyRemoval | undefined> {
  return passkeyRemovalOf(await readSessionsItem(uid));
}

/**
 * Clears the request whose time is `requestedAt`, once its passkeys are removed; a newer request stays
 * pending (and one already cleared is no failure: a second finish ran beside this one).
 */
export async function clearPasskeyRemoval(uid: string, requestedAt: number): Promise<void> {
  await updateIf({
    Key: sessionsKey(uid),
    UpdateExpression: 'REMOVE #at, #op',
    ConditionExpression: '#at = :at',
    ExpressionAttributeNames: { '#at': AT, '#op': OPERATOR },
    ExpressionAttributeValues: { ':at': requestedAt },
  });
}
