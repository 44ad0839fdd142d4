import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  ASSIGNEE_ATTRIBUTE,
  ASSIGNEE_INDEX,
  LICENSE_KEY_ATTRIBUTE,
  LICENSE_KEY_INDEX,
  PARTITION_KEY,
  SORT_KEY,
} from '../table';
import { allDone } from '../settle';
import { db, isConditionFailure, table, updateIf } from './client';
import { LICENSE_PREFIX, licensePrefix, licenseSk, userPk } from './keys';
import { toMachineMap, toMachineRecords, type MachineRecord } from './machines';

// License slots: USER#<uid> / LICENSE#<subscriptionId>#<ordinal>. A slot is addressed by its
// subscription and ordinal, not by its key, so a retried or parallel provisioning step computes the
// same slot addresses and finds its own earlier work instead of minting extra keys.

const slotKey = (uid: string, sk: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: sk });

/** The spec's value for a license that renews monthly. */
export const RENEWING = 'NONE';

export interface LicenseSlot {
  uid: string;
  subscriptionId: string;
  ordinal: number;
  licenseKey: string;
  /** RENEWING, or the ISO 8601 time at which the license ends. */
  expirationDate: string;
  /** Set once Stripe's own clock has passed the end date (its next period began, or it ended). */
  expired: boolean;
  /** A removal of this renewing license has begun (remove-licenses marks it before lowering Stripe). */
  removalRequested?: boolean;
  /** When that removal began (ISO 8601). */
  removalRequestedAt?: string;
  /** The mark of the user action removing it, which Stripe records once it made the change. */
  removalMark?: string;
  /** The person the buyer gave the license to (lower-case email address); absent: the buyer holds it. */
  assigneeEmail?: string;
  /** When it was assigned to that person (ISO 8601). */
  assignedAt?: string;
  /** The assignee who was told the license ends (so each holder is told once). */
  endNoticeTo?: string;
  /** The machines that used it (repository/machines.ts), and the version their writes are conditional on. */
  machines: MachineRecord[];
  machinesVersion: number;
  /** When its holder changed (epoch seconds), the last 30 days' worth. */
  holderChanges: number[];
  createdAt: string;
  sk: string;
}

function toSlot(item: Record<string, unknown>): LicenseSlot {
  return {
    uid: String(item.uid),
    subscriptionId: String(item.subscriptionId),
    ordinal: Number(item.ordinal),
    licenseKey: String(item[LICENSE_KEY_ATTRIBUTE]),
    expirationDate: String(item.expirationDate),
    expired: item.expired === true,
    ...(typeof item.removalRequestedAt === 'string' && {
      removalRequested: true,
      removalRequestedAt: item.removalRequestedAt,
    }),
    ...(typeof item.removalMark === 'string' && { removalMark: item.removalMark }),
    ...(typeof item[ASSIGNEE_ATTRIBUTE] === 'string' && {
      assigneeEmail: item[ASSIGNEE_ATTRIBUTE],
      assignedAt: String(item.assignedAt),
    }),
    ...(typeof item.endNoticeTo === 'string' && { endNoticeTo: item.endNoticeTo }),
    machines: toMachineRecords(item.machines),
    machinesVersion: typeof item.machinesVersion === 'number' ? item.machinesVersion : 0,
    holderChanges: Array.isArray(item.holderChanges) ? item.holderChanges.map(Number) : [],
    createdAt: String(item.createdAt),
    sk: String(item[SORT_KEY]),
  };
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().query({ ...input, ExclusiveStartKey: start });
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The user's slots, of one subscription or of all, in ordinal order. */
export async function listSlots(uid: string, subscriptionId?: string): Promise<LicenseSlot[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
    ExpressionAttributeValues: {
      ':pk': userPk(uid),
      ':prefix': subscriptionId ? licensePrefix(subscriptionId) : LICENSE_PREFIX,
    },
    ConsistentRead: true,
  });
  return items.map(toSlot);
}

/** Creates the slot unless it exists; answers the slot when this call created it. */
export async function createSlot(
  slot: Omit<LicenseSlot, 'sk' | 'createdAt' | 'expired' | 'machines' | 'machinesVersion' | 'holderChanges'>,
): Promise<LicenseSlot | undefined> {
  const created: LicenseSlot = {
    ...slot,
    sk: licenseSk(slot.subscriptionId, slot.ordinal),
    createdAt: new Date().toISOString(),
    expired: false,
    machines: [],
    machinesVersion: 0,
    holderChanges: [],
  };
  try {
    await db().put({
      TableName: table(),
      Item: {
        [PARTITION_KEY]: userPk(slot.uid),
        [SORT_KEY]: created.sk,
        uid: slot.uid,
        subscriptionId: slot.subscriptionId,
        ordinal: slot.ordinal,
        [LICENSE_KEY_ATTRIBUTE]: slot.licenseKey,
        expirationDate: slot.expirationDate,
        createdAt: created.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    });
    return created;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Gives a renewing slot an end date; a slot that already has one keeps it. */
export async function setSlotExpiration(uid: string, sk: string, expirationDate: string): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET #exp = :exp',
    ConditionExpression: '#exp = :renewing',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':exp': expirationDate, ':renewing': RENEWING },
  });
  return written !== undefined;
}

/**
 * Records that the user asked to remove this renewing license, before Stripe's renewing quantity is
 * lowered: a sync that runs between the two (a webhook, a retry) then retires this license, not
 * another one, when it finds more renewing keys than Stripe renews.
 */
export async function markSlotForRemoval(uid: string, sk: string, mark?: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: mark
      ? 'SET removalRequestedAt = :now, removalMark = :mark'
      : 'SET removalRequestedAt = :now',
    ConditionExpression: '#exp = :renewing',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: {
      ':now': new Date().toISOString(),
      ':renewing': RENEWING,
      ...(mark && { ':mark': mark }),
    },
  });
}

/**
 * Makes a license that was set to end at `endDate` renew again (the subscriber kept the subscription
 * renewing before that date). False when the slot has another date, is renewing already or expired.
 */
export async function renewSlotAgain(uid: string, sk: string, endDate: string): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    // A holder told it ends is told again if it ends again later.
    UpdateExpression: 'SET #exp = :renewing REMOVE removalRequestedAt, removalMark, endNoticeTo',
    ConditionExpression: '#exp = :end AND (attribute_not_exists(expired) OR expired = :f)',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':renewing': RENEWING, ':end': endDate, ':f': false },
  });
  return written !== undefined;
}

/** Marks a slot with an end date as expired (only ever set, never cleared). */
export async function markSlotExpired(uid: string, sk: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET expired = :t',
    ConditionExpression: 'attribute_exists(#pk) AND #exp <> :renewing',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':t': true, ':renewing': RENEWING },
  });
}

/** The slot holding this key, whoever owns it (callers check ownership). */
export async function findSlotByKey(licenseKey: string): Promise<LicenseSlot | undefined> {
  const out = await db().query({
    TableName: table(),
    IndexName: LICENSE_KEY_INDEX,
    KeyConditionExpression: '#k = :k',
    ExpressionAttributeNames: { '#k': LICENSE_KEY_ATTRIBUTE },
    ExpressionAttributeValues: { ':k': licenseKey },
  });
  const item = out.Items?.[0];
  return item ? toSlot(item) : undefined;
}

/** One slot by its address, read consistently (an index read may lag a change just made). */
export async function getSlot(uid: string, sk: string): Promise<LicenseSlot | undefined> {
  const out = await db().get({
    TableName: table(),
    Key: slotKey(uid, sk),
    ConsistentRead: true,
  });
  return out.Item ? toSlot(out.Item) : undefined;
}

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
        ':renewing': RENEWING,
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
 * Stores the license's machines if their version is still `version` (what the caller read); answers
 * the slot as written, or undefined when another change came first (read again, decide again).
 */
export async function writeMachines(
  uid: string,
  sk: string,
  version: number,
  machines: readonly MachineRecord[],
): Promise<LicenseSlot | undefined> {
  const item = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET machines = :m, machinesVersion = :next',
    ConditionExpression:
      version === 0
        ? 'attribute_exists(#pk) AND (attribute_not_exists(machinesVersion) OR machinesVersion = :v)'
        : 'machinesVersion = :v',
    ...(version === 0 && { ExpressionAttributeNames: { '#pk': PARTITION_KEY } }),
    ExpressionAttributeValues: { ':m': toMachineMap(machines), ':next': version + 1, ':v': version },
  });
  return item && toSlot(item);
}

/**
 * Claims the telling of `assignee` that the slot ends: true for exactly one caller while that person
 * holds it and was not told yet. A send that fails gives the claim back (releaseEndNotice).
 */
export async function claimEndNotice(uid: string, sk: string, assignee: string): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET endNoticeTo = :a',
    ConditionExpression: '#assignee = :a AND (attribute_not_exists(endNoticeTo) OR endNoticeTo <> :a)',
    ExpressionAttributeNames: { '#assignee': ASSIGNEE_ATTRIBUTE },
    ExpressionAttributeValues: { ':a': assignee },
  });
  return written !== undefined;
}

export async function releaseEndNotice(uid: string, sk: string, assignee: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'REMOVE endNoticeTo',
    ConditionExpression: 'endNoticeTo = :a',
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
