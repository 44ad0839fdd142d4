import { decideGuarantee, oneMonthAfter, YEAR_SECONDS, type GuaranteeFacts } from '../guarantee';
import { addressKey, householdKeys } from '../households';

// The satisfaction guarantee's rules and who counts as one household.

const at = (iso: string) => Date.parse(iso) / 1000;
const start = at('2026-01-31T10:00:00Z');
const eligible: GuaranteeFacts = {
  now: at('2026-02-10T00:00:00Z'),
  start,
  refundable: 4500,
  refunded: false,
  resuming: false,
  earlierSubscriptions: false,
  lastValidation: undefined,
  householdRefundedAt: undefined,
};

describe('oneMonthAfter', () => {
  it('counts a calendar month as Stripe does, the day kept or the month’s last', () => {
    expect(oneMonthAfter(at('2026-03-15T08:30:00Z'))).toBe(at('2026-04-15T08:30:00Z'));
    expect(oneMonthAfter(start)).toBe(at('2026-02-28T10:00:00Z'));
    expect(oneMonthAfter(at('2028-01-31T00:00:00Z'))).toBe(at('2028-02-29T00:00:00Z'));
    expect(oneMonthAfter(at('2026-12-31T23:00:00Z'))).toBe(at('2027-01-31T23:00:00Z'));
  });
});

describe('decideGuarantee', () => {
  it('gives a new account within the first month everything paid back, until the deadline', () => {
    expect(decideGuarantee(eligible)).toEqual({
      eligible: true,
      amount: 4500,
      deadline: at('2026-02-28T10:00:00Z'),
      reason: null,
    });
  });

  it('has one refusal per rule', () => {
    expect(decideGuarantee({ ...eligible, refunded: true }).reason).toBe('ALREADY_REFUNDED');
    expect(decideGuarantee({ ...eligible, refundable: 0 }).reason).toBe('NO_PAYMENT');
    expect(decideGuarantee({ ...eligible, start: undefined }).reason).toBe('NO_PAYMENT');
    expect(decideGuarantee({ ...eligible, now: at('2026-02-28T10:00:00Z') })).toMatchObject({
      reason: 'WINDOW_PASSED',
      at: at('2026-02-28T10:00:00Z'),
    });
    const used = start - 200 * 24 * 3600;
    expect(decideGuarantee({ ...eligible, earlierSubscriptions: true, lastValidation: used })).toMatchObject({
      reason: 'RECENTLY_ACTIVE',
      at: used,
    });
    const household = eligible.now - 30 * 24 * 3600;
    expect(decideGuarantee({ ...eligible, householdRefundedAt: household })).toMatchObject({
      reason: 'HOUSEHOLD_REFUNDED',
      at: household,
    });
  });

  it('counts an earlier account as new again after a year without a license check, and a household after a year', () => {
    const earlier = { ...eligible, earlierSubscriptions: true };
    expect(decideGuarantee({ ...earlier, lastValidation: undefined }).eligible).toBe(true);
    expect(decideGuarantee({ ...earlier, lastValidation: start - YEAR_SECONDS - 1 }).eligible).toBe(true);
    expect(decideGuarantee({ ...earlier, lastValidation: start - YEAR_SECONDS + 1 }).eligible).toBe(false);
    expect(decideGuarantee({ ...eligible, householdRefundedAt: eligible.now - YEAR_SECONDS }).eligible).toBe(
      true,
    );
  });

  it('carries a refund that began through, whatever the clock and payments say by now', () => {
    const late = { ...eligible, now: at('2026-03-05T00:00:00Z'), refundable: 0, resuming: true };
    expect(decideGuarantee(late)).toMatchObject({ eligible: true, reason: null });
    expect(decideGuarantee({ ...late, refunded: true }).reason).toBe('ALREADY_REFUNDED');
  });
});

describe('households', () => {
  it('spells one address one way, and needs its first line, postal code and country', () => {
    const a = addressKey({ line1: '12 Elm Street', postalCode: '12345', country: 'US' });
    expect(addressKey({ line1: ' 12, ELM  street ', postalCode: '12345', country: 'us' })).toBe(a);
    expect(addressKey({ line1: '14 Elm Street', postalCode: '12345', country: 'US' })).not.toBe(a);
    expect(addressKey({ line1: '12 Elm Street', postalCode: null, country: 'US' })).toBeUndefined();
  });

  it('keys the account, each card and each address, hashed, once each', () => {
    const keys = householdKeys({
      uid: 'u1',
      cardFingerprints: ['fp_a', 'fp_a', 'fp_b'],
      addresses: [
        { line1: '12 Elm Street', postalCode: '12345', country: 'US' },
        { line1: 'no postal code' },
      ],
    });
    expect(keys).toHaveLength(4);
    expect(keys.filter((k) => k.startsWith('card:'))).toHaveLength(2);
    expect(keys.join()).not.toContain('fp_a');
    // Another account paying with card fp_b shares that one key with this refund, not the account's.
    const other = householdKeys({ uid: 'u2', cardFingerprints: ['fp_b'], addresses: [] });
    expect(other.filter((k) => keys.includes(k))).toEqual([expect.stringMatching(/^card:/)]);
  });
});
