import type { NextCharge } from '../contracts/get-subscriptions';
import { isoFromEpoch } from './license-state';
import type { SubscriptionSnapshot } from './subscription-snapshot';
import { IN_FORCE_STATUSES } from './subscription-status';

// The next charge of a subscription, from the state our records keep of it (no Stripe call): the
// renewing licenses at the license price, at the end of the current period. None while the
// subscription is set to end, renews nothing, or is not in force (a failed payment is retried on
// Stripe's schedule, which the page's past-due notice explains instead).

export function nextChargeOf(s: SubscriptionSnapshot): NextCharge | null {
  if (!IN_FORCE_STATUSES.includes(s.subscriptionStatus) || s.cancelAtPeriodEnd || s.renewing === 0)
    return null;
  if (s.periodEnd === undefined || s.unitAmount === undefined) return null;
  return {
    amount: s.renewing * s.unitAmount,
    currency: s.currency ?? 'usd',
    date: isoFromEpoch(s.periodEnd),
  };
}
