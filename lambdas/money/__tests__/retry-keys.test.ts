import { lowerRenewingKey, raiseQuantityKey, raiseRenewingKey, type KeySource } from '../retry-keys';

// The Stripe idempotency keys of the quantity changes: which requests share a key (Stripe replays
// the first answer) and which must not.

const from: KeySource = { subscriptionId: 'sub_1', quantity: 2, card: 'pm_a', latestInvoice: 'in_1' };

describe('raiseQuantityKey', () => {
  it("is a run's own with an attempt: a resuming run never meets a 500 Stripe stored for an earlier run", () => {
    expect(raiseQuantityKey(from, 3, 'run-1')).not.toBe(raiseQuantityKey(from, 3, 'run-2'));
    expect(raiseQuantityKey(from, 3, 'run-1')).toBe(raiseQuantityKey(from, 3, 'run-1'));
  });

  it('differs with another card: a stored decline is not replayed to a retry with a new card', () => {
    expect(raiseQuantityKey(from, 3, 'run-1')).not.toBe(
      raiseQuantityKey({ ...from, card: 'pm_b' }, 3, 'run-1'),
    );
    expect(raiseQuantityKey(from, 3)).not.toBe(raiseQuantityKey({ ...from, card: 'pm_b' }, 3));
  });

  it('without an attempt, is shared by duplicates of one state and new after a charge (a new latest invoice)', () => {
    expect(raiseQuantityKey(from, 3)).toBe(raiseQuantityKey({ ...from }, 3));
    expect(raiseQuantityKey(from, 3)).not.toBe(raiseQuantityKey({ ...from, latestInvoice: 'in_2' }, 3));
    expect(raiseQuantityKey(from, 3)).not.toBe(raiseQuantityKey(from, 4));
  });

  it('names a missing card and invoice rather than leaving them out', () => {
    expect(raiseQuantityKey({ subscriptionId: 'sub_1', quantity: 1 }, 2)).toBe(
      'add:sub_1:1->2@now:nopm:noinv',
    );
  });

  it("names the quote's proration date: a retry with the same quote shares the key, another date does not", () => {
    expect(raiseQuantityKey(from, 3, undefined, 1_700_000_000)).toBe(
      raiseQuantityKey({ ...from }, 3, undefined, 1_700_000_000),
    );
    expect(raiseQuantityKey(from, 3, undefined, 1_700_000_000)).not.toBe(
      raiseQuantityKey(from, 3, undefined, 1_700_000_060),
    );
    expect(raiseQuantityKey(from, 3, 'run-1', 1_700_000_000)).not.toBe(raiseQuantityKey(from, 3, 'run-1'));
  });
});

describe('lowerRenewingKey and raiseRenewingKey', () => {
  it("are a run's own with an attempt, and none without (an absolute target is safe to send again)", () => {
    expect(lowerRenewingKey(from, 1, 'run-1')).not.toBe(lowerRenewingKey(from, 1, 'run-2'));
    expect(lowerRenewingKey(from, 1, 'run-1')).toBe('renewing:sub_1:run-1:2->1');
    expect(raiseRenewingKey(from, 3, 'run-1')).toBe('renew:sub_1:run-1:2->3');
    expect(lowerRenewingKey(from, 1, 'run-1')).not.toBe(raiseQuantityKey(from, 1, 'run-1'));
    // Remove, renew and remove again in one period would otherwise send Stripe one key twice.
    expect(lowerRenewingKey(from, 1)).toBeUndefined();
    expect(raiseRenewingKey(from, 3)).toBeUndefined();
  });
});
