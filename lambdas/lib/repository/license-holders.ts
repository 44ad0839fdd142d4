import { ASSIGNEE_ATTRIBUTE, ASSIGNEE_INDEX, PARTITION_KEY } from '../table';
import { allDone } from '../settle';
import { table, updateIf } from './client';
import { getSlot, queryAll, NO_END_DATE, slotKey, toSlot, type LicenseSlot } from './licenses';

// Who holds a license slot (licenses.ts): giving it to someone, taking it back, telling the holder
// once that it ends, and finding the slots a person holds (the assignee index).

/**
 * A change of holder signs out every machine of the former one (the map is emptied and its version
 * raised, so a check in flight cannot write the old holder's machines back) and is recorded in
 * `holderChanges` (the caller passes the list to keep, this change included).
 */
const holderChange = (changes: number[]) => ({
  update:
    ', machines = :noMachines, holderChanges = :changes, machinesVersion = if_not_exists(machinesVersion, :zero) + :one',
  values: { ':noMachines': {}, ':changes': changes, ':zero': 0, ':one': 1 },
});

/**
 * Gives the slot to the person at `email` (lower case), replacing any earlier assignee; undefined when
 * the slot is gone or expired, or its holder is no longer the one this was decided on. A license that
 * already ends is given with its end date, which the assignment email states, so that assignee counts
 * as told of the end (endNoticeTo). `changes`: for a change of holder, the holder changes to keep
 * (this one included); absent when the same person is sent the license again.
 */
export async function assignSlot(
  uid: string,
  sk: string,
  email: string,
  changes?: number[],
): Promise<LicenseSlot | undefined> {
  const change = changes && holderChange(changes);
  // Two shapes of one single-item write, chosen by the slot's own state in the condition, so a date
  // set in between (a removal, the subscription's end) is never paired with the wrong notice state.
  for (const renewing of [true, false]) {
    const item = await updateIf({
      Key: slotKey(uid, sk),
      UpdateExpression:
        (renewing
          ? 'SET #assignee = :email, assignedAt = :now'
          : 'SET #assignee = :email, assignedAt = :now, endNoticeTo = :email') +
        (change?.update ?? '') +
        (renewing ? ' REMOVE endNoticeTo' : ''),
      ConditionExpression: `attribute_exists(#pk) AND (attribute_not_exists(expired) OR expired = :f) AND #exp ${
        renewing ? '=' : '<>'
      } :renewing AND ${change ? '(attribute_not_exists(#assignee) OR #assignee <> :email)' : '#assignee = :email'}`,
      ExpressionAttributeNames: {
        '#pk': PARTITION_KEY,
        '#assignee': ASSIGNEE_ATTRIBUTE,
        '#exp': 'expirationDate',
      },
      ExpressionAttributeValues: {
        ':email': email,
        ':now': new Date().toISOString(),
        ':f': false,
        ':renewing': NO_END_DATE,
        ...change?.values,
      },
    });
    if (item) return toSlot(item);
  }
  return undefined;
}

/**
 * Makes the slot the buyer's again, a change of holder (see assignSlot); undefined when the slot is
 * gone or no longer assigned.
 */
export async function unassignSlot(
  uid: string,
  sk: string,
  changes: number[],
): Promise<LicenseSlot | undefined> {
  const change = holderChange(changes);
  const item = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: `SET ${change.update.slice(2)} REMOVE #assignee, assignedAt, endNoticeTo`,
    ConditionExpression: 'attribute_exists(#pk) AND attribute_exists(#assignee)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#assignee': ASSIGNEE_ATTRIBUTE },
    ExpressionAttributeValues: change.values,
  });
  return item && toSlot(item);
}

/**
 * Which telling of an end: 'end' (the slot ends on its date; a later end is told again once it renews
 * in between), or 'closure' (the account closes and the slot ends now, earlier than the date its
 * holder was told; the records go right after, so it is told once).
 */
export type EndNotice = 'end' | 'closure';
const NOTICE_ATTRIBUTE: Record<EndNotice, string> = { end: 'endNoticeTo', closure: 'closureNoticeTo' };

/**
 * Claims the telling of `assignee` that the slot ends: true for exactly one caller while that person
 * holds it and was not told yet. A send that fails gives the claim back (releaseEndNotice).
 */
export async function claimEndNotice(
  uid: string,
  sk: string,
  assignee: string,
  notice: EndNotice = 'end',
): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET #told = :a',
    ConditionExpression: '#assignee = :a AND (attribute_not_exists(#told) OR #told <> :a)',
    ExpressionAttributeNames: { '#assignee': ASSIGNEE_ATTRIBUTE, '#told': NOTICE_ATTRIBUTE[notice] },
    ExpressionAttributeValues: { ':a': assignee },
  });
  return written !== undefined;
}

export async function releaseEndNotice(
  uid: string,
  sk: string,
  assignee: string,
  notice: EndNotice = 'end',
): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'REMOVE #told',
    ConditionExpression: '#told = :a',
    ExpressionAttributeNames: { '#told': NOTICE_ATTRIBUTE[notice] },
    ExpressionAttributeValues: { ':a': assignee },
  });
}

/**
 * Claims the telling of `assignee`, told the slot ends, that it renews again: true for exactly one
 * caller while that person holds it, it renews, and they were not told yet (the claim clears the end
 * notice, so a later end is told again). A send that fails gives it back (releaseContinueNotice).
 */
export async function claimContinueNotice(uid: string, sk: string, assignee: string): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'REMOVE endNoticeTo',
    ConditionExpression: 'endNoticeTo = :a AND #assignee = :a AND #exp = :renewing',
    ExpressionAttributeNames: { '#assignee': ASSIGNEE_ATTRIBUTE, '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':a': assignee, ':renewing': NO_END_DATE },
  });
  return written !== undefined;
}

export async function releaseContinueNotice(uid: string, sk: string, assignee: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET endNoticeTo = :a',
    ConditionExpression: '#assignee = :a AND attribute_not_exists(endNoticeTo)',
    ExpressionAttributeNames: { '#assignee': ASSIGNEE_ATTRIBUTE },
    ExpressionAttributeValues: { ':a': assignee },
  });
}

/**
 * The slots assigned to `email` (lower case) now. The index may lag a change, so each slot it names
 * is read again and kept only if it is still that person's.
 */
export async function listSlotsAssignedTo(email: string): Promise<LicenseSlot[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: ASSIGNEE_INDEX,
    KeyConditionExpression: '#assignee = :email',
    ExpressionAttributeNames: { '#assignee': ASSIGNEE_ATTRIBUTE },
    ExpressionAttributeValues: { ':email': email },
  });
  const current = await allDone(items.map(toSlot).map((s) => getSlot(s.uid, s.sk)));
  return current
    .filter((s): s is LicenseSlot => s?.assigneeEmail === email)
    .sort((a, b) => (a.assignedAt ?? '').localeCompare(b.assignedAt ?? ''));
}
