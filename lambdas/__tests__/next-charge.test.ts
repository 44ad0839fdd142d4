import { keepRenewingChargeOf, nextChargeOf } from '../lib/next-charge';
import type { SubscriptionSnapshot } from '../lib/subscription-snapshot';

// The next charge the licenses page shows, from the snapshot our records keep.

const active: SubscriptionSnapshot = {
  subscriptionId: 'sub_1',
  subscriptionCreated: 1_700_000_000,
  subscriptionStatus: 'active',
  quantity: 3,
  renewing: 2,
  cancelAtPeriodEnd: false,
  periodStart: 1_700_000_000,
  periodEnd: 1_702_592_000,
  unitAmount: 1500,
  currency: 'usd',
  observedAt: 0,
};

describe('nextChargeOf', () => {
  it('charges the renewing licenses at the license price when the period ends', () => {
    expect(nextChargeOf(active)).toEqual({ amount: 3000, currency: 'usd', date: '2023-12-14T22:13:20.000Z' });
  });

  it('charges an announced new price from the renewal it applies at, not before', () => {
    const change = { unitAmount: 2000, currency: 'usd' };
    const atThisRenewal = { ...active, priceChange: { ...change, appliesAt: active.periodEnd ?? 0 } };
    expect(nextChargeOf(atThisRenewal)?.amount).toBe(4000);
    const atALaterOne = { ...active, priceChange: { ...change, appliesAt: (active.periodEnd ?? 0) + 1 } };
    expect(nextChargeOf(atALaterOne)?.amount).toBe(3000);
  });

  it('is none when nothing will renew or the subscription is not in force', () => {
    expect(nextChargeOf({ ...active, cancelAtPeriodEnd: true })).toBeNull();
    expect(nextChargeOf({ ...active, renewing: 0 })).toBeNull();
    expect(nextChargeOf({ ...active, subscriptionStatus: 'past_due' })).toBeNull();
    expect(nextChargeOf({ ...active, subscriptionStatus: 'canceled' })).toBeNull();
    expect(nextChargeOf({ ...active, unitAmount: undefined })).toBeNull();
  });
});

describe('keepRenewingChargeOf', () => {
  it('while set to end: what Keep Renewing would charge for the licenses Stripe still holds, when the period ends', () => {
    const ending = { ...active, cancelAtPeriodEnd: true, renewing: 0 };
    expect(keepRenewingChargeOf(ending)).toEqual({
      amount: 4500,
      currency: 'usd',
      date: '2023-12-14T22:13:20.000Z',
    });
    const change = { unitAmount: 2000, currency: 'usd', appliesAt: active.periodEnd ?? 0 };
    expect(keepRenewingChargeOf({ ...ending, priceChange: change })?.amount).toBe(6000);
  });

  it('is none for a subscription not set to end, or not in force', () => {
    expect(keepRenewingChargeOf(active)).toBeNull();
    expect(
      keepRenewingChargeOf({ ...active, cancelAtPeriodEnd: true, subscriptionStatus: 'past_due' }),
    ).toBeNull();
  });
});
