import { changeMark, hasChangeMark, withChangeMark } from '../change-marks';

// Change marks: how a run resuming a user action tells from Stripe's metadata whether its change was made.

describe('change marks', () => {
  it('derives one short stable mark per Idempotency-Key, different for different keys', () => {
    expect(changeMark('key-0001')).toBe(changeMark('key-0001'));
    expect(changeMark('key-0001')).not.toBe(changeMark('key-0002'));
    expect(changeMark('key-0001')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('finds a mark once the change recorded it, and not before', () => {
    const mark = changeMark('key-0001');
    expect(hasChangeMark(undefined, mark)).toBe(false);
    expect(hasChangeMark({ uid: 'u1' }, mark)).toBe(false);
    const recorded = withChangeMark({ uid: 'u1' }, mark);
    expect(hasChangeMark(recorded, mark)).toBe(true);
    expect(hasChangeMark(recorded, changeMark('key-0002'))).toBe(false);
  });

  it('an action without an Idempotency-Key has no mark: never taken as made, records nothing', () => {
    const recorded = withChangeMark({ uid: 'u1' }, changeMark('key-0001'));
    expect(hasChangeMark(recorded, undefined)).toBe(false);
    expect(withChangeMark(recorded, undefined)).toBeUndefined();
  });

  it('keeps the other metadata fields out of the update and records a mark once', () => {
    const mark = changeMark('key-0001');
    const once = withChangeMark({ uid: 'u1' }, mark);
    expect(Object.keys(once)).toEqual(['stockbench_changes']);
    expect(withChangeMark(once, mark)).toEqual(once);
  });

  it('keeps the newest 20 marks: an old action past its retries drops out', () => {
    let metadata: Record<string, string> = {};
    for (let i = 0; i < 21; i++) metadata = withChangeMark(metadata, changeMark(`key-${i}`));
    expect(hasChangeMark(metadata, changeMark('key-0'))).toBe(false);
    expect(hasChangeMark(metadata, changeMark('key-1'))).toBe(true);
    expect(hasChangeMark(metadata, changeMark('key-20'))).toBe(true);
    // Stripe allows 500 characters a metadata value: 20 marks of 16 and their spaces fit.
    expect(metadata.stockbench_changes?.length).toBeLessThanOrEqual(500);
  });
});
