import type { NextCharge } from '../endpoints/get-subscriptions/contract';
import { isoFromEpoch } from './license-state';
import type { SubscriptionSnapshot } from './subscription-snapshot';
import { IN_FORCE_STATUSES } from './subscription-status';

// The next charge of a subscription, from the state our records keep of it (no Stripe call): the
// renewing licenses at the license price (the announced new one if the change applies at that
// renewal), at the end of the current period. None while the
// subscription is set to end, renews nothing, or is not in force (a failed payment is retried on
// Stripe's schedule, which the page's past-due notice explains instead).

export function nextChargeOf(s: SubscriptionSnapshot): NextCharge | null {
  if (!IN_FORCE_STATUSES.includes(s.subscriptionStatus) || s.cancelAtPeriodEnd || s.renewing === 0)
    return null;
  if (s.periodEnd === undefined || s.unitAmount === undefined) return null;
  // An announced price change that applies at this renewal (or before it) is what the renewal charges.
  const change = s.priceChange && s.priceChange.appliesAt <= s.periodEnd ? s.priceChange : undefined;
  return {
    amount: s.renewing * (change?.unitAmount ?? s.unitAmount),
    currency: change?.currency ?? s.currency ?? 'usd',
    date: isoFromEpoch(s.periodEnd),
  };
}

/**
 * While the subscription is set to end: what its next renewal would charge if it kept renewing (Keep
 * Renewing renews the licenses Stripe still holds, its quantity), and when. Null otherwise.
 */
export function keepRenewingChargeOf(s: SubscriptionSnapshot): NextCharge | null {
  if (!s.cancelAtPeriodEnd) return null;
  return nextChargeOf({ ...s, cancelAtPeriodEnd: false, renewing: s.quantity });
}
