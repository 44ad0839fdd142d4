import type { MachineInfo, MachineView } from '../contracts/machine';
import { MAX_MACHINE_LIMIT } from '../../src/lib/machine-limit';
import type { MachineRecord } from './repository/machines';

// The rules of the machines a license runs on (pure: the handlers read and write them):
// - no limit on the machines a license is used on at once, unless the seller set one (src/lib/machine-limit.ts);
// - a machine signed out from the website is refused until its holder signs in on it again (a session
//   that began after the sign-out), so its running session cannot take its place back by itself;
// - a machine that has not checked in for 30 days leaves the list by itself.

const INACTIVE_SECONDS = 30 * 24 * 3600;
/**
 * Signed-out machines kept to refuse their next check, at most (the newest): the map stays small
 * however often a holder signs machines out (the item is read and written whole at every check).
 */
const SIGNED_OUT_KEPT = 10;
/**
 * Machines in use kept on the list, at most (the most recently seen). Without a limit the map would
 * otherwise grow with every machine used within 30 days, and DynamoDB refuses an item over 400 KB.
 * Dropping one refuses nothing: a limit is never below it, and its next check lists it again.
 */
const IN_USE_KEPT = MAX_MACHINE_LIMIT;

/** The records without the oldest signed-out ones and the least recently seen in use beyond the bounds. */
function bounded(records: MachineRecord[]): MachineRecord[] {
  const signedOut = records
    .filter((m) => m.signedOutAt !== undefined)
    .sort((a, b) => (b.signedOutAt ?? 0) - (a.signedOutAt ?? 0));
  const using = records.filter((m) => m.signedOutAt === undefined).sort((a, b) => b.lastSeen - a.lastSeen);
  const dropped = new Set([...signedOut.slice(SIGNED_OUT_KEPT), ...using.slice(IN_USE_KEPT)]);
  return records.filter((m) => !dropped.has(m));
}

/** Still on the list: checked in within 30 days (signed-out ones are kept as long, to refuse them). */
const isRecent = (m: MachineRecord, now: number) =>
  Math.max(m.lastSeen, m.signedOutAt ?? 0) > now - INACTIVE_SECONDS;

/** Using the license now: recent and not signed out. */
const isInUse = (m: MachineRecord, now: number): boolean => !m.signedOutAt && isRecent(m, now);

export const inUse = (records: readonly MachineRecord[], now: number): MachineRecord[] =>
  records.filter((m) => isInUse(m, now)).sort((a, b) => b.lastSeen - a.lastSeen);

export type Admission =
  | { outcome: 'admitted'; records: MachineRecord[] }
  | { outcome: 'signed-out' }
  | { outcome: 'limit'; inUse: MachineRecord[] };

/**
 * Whether `machine` may use the license now, and the records to store if so (its check renews it
 * until `validUntil`). `signedInAt` is when the caller's session began (epoch seconds). `limit`: the
 * machines allowed at once, undefined for no limit.
 */
export function admit(
  records: readonly MachineRecord[],
  machine: MachineInfo,
  caller: { sub: string; signedInAt: number },
  now: number,
  validUntil: number,
  limit: number | undefined,
): Admission {
  const kept = records.filter((m) => isRecent(m, now));
  const known = kept.find((m) => m.id === machine.id);
  if (known?.signedOutAt !== undefined && caller.signedInAt <= known.signedOutAt) {
    return { outcome: 'signed-out' };
  }
  const others = kept.filter((m) => m.id !== machine.id);
  const renewing = known && known.signedOutAt === undefined;
  if (!renewing && limit !== undefined) {
    const used = inUse(others, now);
    if (used.length >= limit) return { outcome: 'limit', inUse: used };
  }
  const record: MachineRecord = {
    id: machine.id,
    name: machine.name,
    platform: machine.platform,
    appVersion: machine.appVersion,
    sub: caller.sub,
    firstSeen: renewing ? known.firstSeen : now,
    lastSeen: now,
    validUntil,
  };
  return { outcome: 'admitted', records: bounded([...others, record]) };
}

/** The records with `id` signed out at `now`; undefined when it is not on the list. */
export function signOut(
  records: readonly MachineRecord[],
  id: string,
  now: number,
): MachineRecord[] | undefined {
  const target = records.find((m) => m.id === id && isRecent(m, now));
  if (!target) return undefined;
  if (target.signedOutAt !== undefined) return [...records];
  return bounded(records.map((m) => (m === target ? { ...m, signedOutAt: now } : m)));
}

const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

export function toMachineView(m: MachineRecord): MachineView {
  return {
    id: m.id,
    name: m.name,
    platform: m.platform,
    appVersion: m.appVersion,
    firstSeen: iso(m.firstSeen),
    lastSeen: iso(m.lastSeen),
    validUntil: iso(m.validUntil),
  };
}
