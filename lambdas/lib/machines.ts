import { MACHINE_LIMIT, type MachineInfo, type MachineView } from '../contracts/machine';
import type { MachineRecord } from './repository/machines';

// The rules of the machines a license runs on (pure: the handlers read and write them):
// - at most MACHINE_LIMIT machines at once, per license, for its holder;
// - a machine signed out from the website is refused until its holder signs in on it again (a session
//   that began after the sign-out), so its running session cannot take its place back by itself;
// - a machine that has not checked in for 30 days leaves the list by itself.

const INACTIVE_SECONDS = 30 * 24 * 3600;
/**
 * Signed-out machines kept to refuse their next check, at most (the newest): the map stays small
 * however often a holder signs machines out (the item is read and written whole at every check).
 */
const SIGNED_OUT_KEPT = 10;

/** The records with the oldest signed-out ones beyond SIGNED_OUT_KEPT dropped. */
function bounded(records: MachineRecord[]): MachineRecord[] {
  const signedOut = records
    .filter((m) => m.signedOutAt !== undefined)
    .sort((a, b) => (b.signedOutAt ?? 0) - (a.signedOutAt ?? 0));
  const dropped = new Set(signedOut.slice(SIGNED_OUT_KEPT));
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
 * until `validUntil`). `signedInAt` is when the caller's session began (epoch seconds).
 */
export function admit(
  records: readonly MachineRecord[],
  machine: MachineInfo,
  caller: { sub: string; signedInAt: number },
  now: number,
  validUntil: number,
): Admission {
  const kept = records.filter((m) => isRecent(m, now));
  const known = kept.find((m) => m.id === machine.id);
  if (known?.signedOutAt !== undefined && caller.signedInAt <= known.signedOutAt) {
    return { outcome: 'signed-out' };
  }
  const others = kept.filter((m) => m.id !== machine.id);
  const renewing = known && known.signedOutAt === undefined;
  if (!renewing) {
    const used = inUse(others, now);
    if (used.length >= MACHINE_LIMIT) return { outcome: 'limit', inUse: used };
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
