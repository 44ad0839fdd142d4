import { formatPendingChange, pendingChangeOf, PRICE_CHANGE_FIELD } from '../pending-change';
import { firstRenewalOnOrAfter } from '../renewal-dates';
import { plannedPhases, samePhases } from '../schedule-plan';

// The pure parts of a price change: which renewal a change applies from, how the subscription carries
// it, and what its schedule should hold.

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the first renewal on or after a date', () => {
  it('is the next renewal when that is on or after the date', () => {
    expect(
      firstRenewalOnOrAfter(
        at('2027-03-05T10:00:00Z'),
        at('2027-01-05T10:00:00Z'),
        at('2027-03-05T00:00:00Z'),
      ),
    ).toBe(at('2027-03-05T10:00:00Z'));
  });

  it("keeps the anchor's day, on the month's last day when the month is shorter", () => {
    const anchor = at('2027-01-31T08:00:00Z');
    const next = at('2027-02-28T08:00:00Z');
    expect(firstRenewalOnOrAfter(next, anchor, at('2027-03-15T00:00:00Z'))).toBe(at('2027-03-31T08:00:00Z'));
    expect(firstRenewalOnOrAfter(next, anchor, at('2027-04-01T00:00:00Z'))).toBe(at('2027-04-30T08:00:00Z'));
  });
});

it('reads back the change the subscription carries, and nothing from other metadata', () => {
  const change = { priceId: 'price_new', appliesAt: 1_800_000_000, unitAmount: 2000, currency: 'usd' };
  expect(pendingChangeOf({ [PRICE_CHANGE_FIELD]: formatPendingChange(change), other: 'x' })).toEqual(change);
  expect(pendingChangeOf({ [PRICE_CHANGE_FIELD]: 'price_new soon' })).toBeUndefined();
  expect(pendingChangeOf(null)).toBeUndefined();
});

describe("the schedule's phases", () => {
  const change = { priceId: 'price_new', appliesAt: 2_000, unitAmount: 2000, currency: 'usd' };
  const state = {
    status: 'active',
    cancelAtPeriodEnd: false,
    price: 'price_old',
    quantity: 3,
    phaseStart: 1_000,
    now: 1_500,
  };

  it('hold the current price and quantity until the change, then the new price at that quantity', () => {
    expect(plannedPhases(state, change)).toEqual([
      { start: 1_000, end: 2_000, price: 'price_old', quantity: 3 },
      { start: 2_000, price: 'price_new', quantity: 3 },
    ]);
  });

  it('are none when nothing is to change: no change, already on the price, ending, ended, or past', () => {
    expect(plannedPhases(state, undefined)).toBeUndefined();
    expect(plannedPhases({ ...state, price: 'price_new' }, change)).toBeUndefined();
    expect(plannedPhases({ ...state, cancelAtPeriodEnd: true }, change)).toBeUndefined();
    expect(plannedPhases({ ...state, status: 'canceled' }, change)).toBeUndefined();
    expect(plannedPhases({ ...state, now: 2_000 }, change)).toBeUndefined();
  });

  it('are the same as a schedule that says so, and differ when the quantity changed', () => {
    const wanted = plannedPhases(state, change) ?? [];
    const schedule = [
      { start_date: 1_000, end_date: 2_000, items: [{ price: 'price_old', quantity: 3 }] },
      { start_date: 2_000, end_date: 4_600, items: [{ price: { id: 'price_new' }, quantity: 3 }] },
    ];
    expect(samePhases(schedule, wanted)).toBe(true);
    expect(samePhases(schedule, plannedPhases({ ...state, quantity: 4 }, change) ?? [])).toBe(false);
  });
});
