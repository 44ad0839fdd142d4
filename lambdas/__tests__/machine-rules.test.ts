import { MAX_MACHINE_LIMIT, parseMachineLimit } from '../../src/lib/machine-limit';
import { admit, signOut } from '../lib/machines';
import type { MachineRecord } from '../lib/repository/machines';

// The machine rules alone (lambdas/lib/machines.ts): no limit by default, the seller's limit when set.

const NOW = 2_000_000_000;
const caller = { sub: 'holder', signedInAt: NOW - 60 };
const machine = (id: string) => ({ id, name: `PC ${id}`, platform: 'windows' as const, appVersion: '5.2.0' });

/** Admits machines one after another, as their checks would, and answers the stored records. */
function admitAll(ids: string[], limit: number | undefined, start: MachineRecord[] = []) {
  let records = start;
  const outcomes: string[] = [];
  ids.forEach((id, i) => {
    const result = admit(records, machine(id), caller, NOW + i, NOW + i + 3600, limit);
    outcomes.push(result.outcome);
    if (result.outcome === 'admitted') records = result.records;
  });
  return { records, outcomes };
}

describe('machines per license', () => {
  it('admits every machine when there is no limit', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const { records, outcomes } = admitAll(ids, undefined);
    expect(outcomes).toEqual(Array(12).fill('admitted'));
    expect(records.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('refuses the machine beyond a limit, naming those in use; a known machine renews its place', () => {
    const { records, outcomes } = admitAll(['a', 'b', 'c', 'd'], 3);
    expect(outcomes).toEqual(['admitted', 'admitted', 'admitted', 'limit']);
    const again = admit(records, machine('b'), caller, NOW + 10, NOW + 3610, 3);
    expect(again.outcome).toBe('admitted');
    const fourth = admit(records, machine('d'), caller, NOW + 10, NOW + 3610, 3);
    expect(fourth).toMatchObject({ outcome: 'limit', inUse: expect.any(Array) });
    expect(fourth.outcome === 'limit' && fourth.inUse.map((m) => m.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps a signed-out machine out until its holder signs in on it again, with or without a limit', () => {
    for (const limit of [undefined, 3]) {
      const { records } = admitAll(['a', 'b'], limit);
      const out = signOut(records, 'a', NOW + 5) ?? [];
      expect(admit(out, machine('a'), caller, NOW + 6, NOW + 3600, limit)).toEqual({ outcome: 'signed-out' });
      const later = { sub: 'holder', signedInAt: NOW + 7 };
      expect(admit(out, machine('a'), later, NOW + 8, NOW + 3600, limit).outcome).toBe('admitted');
    }
  });

  it('keeps the list bounded without a limit: the least recently seen leave it, and come back at their next check', () => {
    const ids = Array.from({ length: MAX_MACHINE_LIMIT + 5 }, (_, i) => `m${i}`);
    const { records, outcomes } = admitAll(ids, undefined);
    expect(outcomes.every((o) => o === 'admitted')).toBe(true);
    expect(records).toHaveLength(MAX_MACHINE_LIMIT);
    expect(records.some((r) => r.id === 'm0')).toBe(false);
    const back = admit(records, machine('m0'), caller, NOW + 500, NOW + 4100, undefined);
    expect(back.outcome === 'admitted' && back.records.some((r) => r.id === 'm0')).toBe(true);
  });
});

describe('the machine limit setting', () => {
  it('is none when unset, a whole number from 1 to the maximum otherwise', () => {
    expect(parseMachineLimit(undefined)).toBeUndefined();
    expect(parseMachineLimit('')).toBeUndefined();
    expect(parseMachineLimit('3')).toBe(3);
    expect(parseMachineLimit(5)).toBe(5);
    expect(parseMachineLimit(String(MAX_MACHINE_LIMIT))).toBe(MAX_MACHINE_LIMIT);
    for (const bad of ['0', '-1', '2.5', 'three', '1e2', String(MAX_MACHINE_LIMIT + 1), 0, 3.5, true]) {
      expect(() => parseMachineLimit(bad, 'machineLimit')).toThrow(/machineLimit must be a whole number/);
    }
  });
});
