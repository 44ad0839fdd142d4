import type { Subscription } from '../../api-client/types';

export interface SubscriptionActions {
  buy: boolean;
  continueCheckout: boolean;
  add: boolean;
  updateCard: boolean;
  pastDue: boolean;
  /** A subscription that has not ended: its summary shows and renewing licenses can be removed. */
  live: boolean;
}

const ENDED = ['canceled', 'incomplete_expired'];

/**
 * Spec point 4: no subscription shows Buy Licenses; incomplete offers Continue Checkout; any other
 * status offers Update Card; only active adds licenses. A subscription that ends at period end cannot
 * grow (the BFF refuses) and may be followed by a new one, so it offers Buy Licenses too.
 */
export function subscriptionActions(sub: Subscription | null): SubscriptionActions {
  if (!sub || ENDED.includes(sub.status)) {
    return { buy: true, continueCheckout: false, add: false, updateCard: false, pastDue: false, live: false };
  }
  if (sub.status === 'incomplete') {
    return { buy: false, continueCheckout: true, add: false, updateCard: false, pastDue: false, live: true };
  }
  const active = sub.status === 'active' || sub.status === 'trialing';
  return {
    buy: active && sub.cancelAtPeriodEnd,
    continueCheckout: false,
    add: active && !sub.cancelAtPeriodEnd,
    updateCard: true,
    pastDue: sub.status === 'past_due' || sub.status === 'unpaid',
    live: true,
  };
}
