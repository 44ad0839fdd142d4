import type { MachineInfo } from '../../contracts/machine';

// The machines of one license live on its slot item (attribute `machines`, a map by installation id),
// with `machinesVersion`, which every change of the map or of the holder raises: a write of the map
// is conditional on the version it read, so parallel checks from several machines, a sign-out and a
// holder change are serialised by DynamoDB on one item (dynalite has no transactions).

/** One machine of a license, as stored. Times are epoch seconds. */
export interface MachineRecord {
  id: string;
  name: string;
  platform: MachineInfo['platform'];
  appVersion: string;
  /** Cognito subject of the holder who used it (an assignee sees only their own). */
  sub: string;
  firstSeen: number;
  lastSeen: number;
  /** Its last statement's expiry. */
  validUntil: number;
  /** Set when it was signed out from the website; its next check is refused. */
  signedOutAt?: number;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** The stored map as records; anything malformed is left out. */
export function toMachineRecords(value: unknown): MachineRecord[] {
  if (!value || typeof value !== 'object') return [];
  const records: MachineRecord[] = [];
  for (const [id, raw] of Object.entries(value as Record<string, Record<string, unknown>>)) {
    if (!raw || typeof raw !== 'object') continue;
    const platform = raw.platform === 'macos' ? 'macos' : 'windows';
    records.push({
      id,
      name: String(raw.name),
      platform,
      appVersion: String(raw.appVersion),
      sub: String(raw.sub),
      firstSeen: num(raw.firstSeen),
      lastSeen: num(raw.lastSeen),
      validUntil: num(raw.validUntil),
      ...(raw.signedOutAt !== undefined && { signedOutAt: num(raw.signedOutAt) }),
    });
  }
  return records;
}

/** The records as the stored map. */
export function toMachineMap(records: readonly MachineRecord[]): Record<string, Omit<MachineRecord, 'id'>> {
  return Object.fromEntries(records.map(({ id, ...rest }) => [id, rest]));
}
