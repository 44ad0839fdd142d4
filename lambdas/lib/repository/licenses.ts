import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  ASSIGNEE_ATTRIBUTE,
  LICENSE_KEY_ATTRIBUTE,
  LICENSE_KEY_INDEX,
  PARTITION_KEY,
  SORT_KEY,
} from '../table';
import { db, isConditionFailure, table, updateIf } from './client';
import { LICENSE_PREFIX, licensePrefix, licenseSk, userPk } from './keys';
import { toMachineMap, toMachineRecords, type MachineRecord } from './machines';

// License slots: USER#<uid> / LICENSE#<subscriptionId>#<ordinal>. A slot is addressed by its
// subscription and ordinal, not by its key, so a retried or parallel provisioning step computes the
// same slot addresses and finds its own earlier work instead of minting extra keys.

export const slotKey = (uid: string, sk: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: sk });

/** The expirationDate of a license that renews monthly: it has no end date. */
export const NO_END_DATE = 'NONE';

export interface LicenseSlot {
  uid: string;
  subscriptionId: string;
  ordinal: number;
  licenseKey: string;
  /** NO_END_DATE, or the ISO 8601 time at which the license ends. */
  expirationDate: string;
  /** Set once Stripe's own clock has passed the end date (its next period began, or it ended). */
  expired: boolean;
  /** A removal of this renewing license has begun (remove-licenses records it before lowering Stripe). */
  removalRequested?: boolean;
  /** When that removal began (ISO 8601). */
  removalRequestedAt?: string;
  /** The change mark of the user action removing it (lambdas/money/change-marks.ts), which Stripe records with the change. */
  removalMark?: string;
  /** The change mark of the user action renewing it again (renew-licenses), recorded before Stripe's change. */
  renewalMark?: string;
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

export function toSlot(item: Record<string, unknown>): LicenseSlot {
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
    ...(typeof item.renewalMark === 'string' && { renewalMark: item.renewalMark }),
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

export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
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
    ExpressionAttributeValues: { ':exp': expirationDate, ':renewing': NO_END_DATE },
  });
  return written !== undefined;
}

/**
 * Records that the user asked to remove this renewing license, before Stripe's renewing quantity is
 * lowered: a sync that runs between the two (a webhook, a retry) then retires this license, not
 * another one, when it finds more renewing keys than Stripe renews.
 */
export async function requestSlotRemoval(uid: string, sk: string, mark?: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    // A renewal's mark goes: the slot must not be renewed again by a sync reading that older change.
    UpdateExpression: mark
      ? 'SET removalRequestedAt = :now, removalMark = :mark REMOVE renewalMark'
      : 'SET removalRequestedAt = :now REMOVE renewalMark',
    ConditionExpression: '#exp = :renewing',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: {
      ':now': new Date().toISOString(),
      ':renewing': NO_END_DATE,
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
    // endNoticeTo stays: a holder told it ends is told it continues (holder-notices.ts), which clears it,
    // so a later end is told again.
    UpdateExpression: 'SET #exp = :renewing REMOVE removalRequestedAt, removalMark, renewalMark',
    ConditionExpression: '#exp = :end AND (attribute_not_exists(expired) OR expired = :f)',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':renewing': NO_END_DATE, ':end': endDate, ':f': false },
  });
  return written !== undefined;
}

/**
 * Records that the user asked to renew this license again (renew-licenses), before Stripe's renewing
 * quantity is raised: a sync that runs between the two (a webhook, a retry) then renews this license
 * instead of minting a new key when it finds Stripe renewing more than the renewing keys. Only a
 * license that ends with the current period (`endDate`) and has not expired can be renewed.
 */
export async function requestSlotRenewal(
  uid: string,
  sk: string,
  endDate: string,
  mark: string,
): Promise<boolean> {
  const written = await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET renewalMark = :mark',
    ConditionExpression: '#exp = :end AND (attribute_not_exists(expired) OR expired = :f)',
    ExpressionAttributeNames: { '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':mark': mark, ':end': endDate, ':f': false },
  });
  return written !== undefined;
}

/**
 * Ends a license at once, whatever its date (the satisfaction guarantee refunded its payments): it
 * gets `at` as its end and is expired, so validate-license refuses it at the next check.
 */
export async function endSlotNow(uid: string, sk: string, at: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    // Its holder is told this end too, even if told of an earlier date before.
    UpdateExpression: 'SET #exp = :at, expired = :t REMOVE renewalMark, endNoticeTo',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':at': at, ':t': true },
  });
}

/** Marks a slot with an end date as expired (only ever set, never cleared). */
export async function setSlotExpired(uid: string, sk: string): Promise<void> {
  await updateIf({
    Key: slotKey(uid, sk),
    UpdateExpression: 'SET expired = :t',
    ConditionExpression: 'attribute_exists(#pk) AND #exp <> :renewing',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#exp': 'expirationDate' },
    ExpressionAttributeValues: { ':t': true, ':renewing': NO_END_DATE },
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
