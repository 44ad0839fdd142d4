import type Stripe from 'stripe';
import type { SubscriptionSnapshot } from '../subscription-snapshot';
import { ENDED_STATUSES } from '../subscription-status';
import { pendingChangeOf } from '../../price-change/pending-change';
import { licenseItem } from './objects';

// A subscription as the BFF keeps it (snapshotOf), with when the adapter read it from Stripe (the
// snapshot's observedAt; lambdas/money/DESIGN.md says which failure it guards against).

// When each subscription object was read from Stripe (ms). The cached copy keeps the newest read, so a
// slow request outside the lease (get-subscriptions, cancel-checkout) cannot overwrite the state a
// later request stored (repository/accounts.ts saveSubscription).
const readAt = new WeakMap<Stripe.Subscription, number>();
/** Sends a request that answers a subscription, and notes when it was read. */
export async function stamped(
  request: () => Promise<Stripe.Response<Stripe.Subscription>>,
): Promise<Stripe.Subscription> {
  return noteRead(await request());
}

export function noteRead(sub: Stripe.Subscription): Stripe.Subscription {
  readAt.set(sub, Date.now());
  return sub;
}

export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = licenseItem(sub);
  const quantity = item.quantity ?? 0;
  const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  const change = pendingChangeOf(sub.metadata);
  return {
    subscriptionId: sub.id,
    subscriptionCreated: sub.created,
    subscriptionStatus: sub.status,
    quantity,
    renewing: sub.cancel_at_period_end || ENDED_STATUSES.includes(sub.status) ? 0 : quantity,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    endedAt: sub.ended_at ?? undefined,
    unitAmount: item.price.unit_amount ?? undefined,
    currency: item.price.currency,
    cardBrand: pm?.card?.brand,
    cardLast4: pm?.card?.last4,
    cardExpMonth: pm?.card?.exp_month,
    cardExpYear: pm?.card?.exp_year,
    priceChange:
      change && change.priceId !== item.price.id
        ? { unitAmount: change.unitAmount, currency: change.currency, appliesAt: change.appliesAt }
        : undefined,
    observedAt: readAt.get(sub) ?? Date.now(),
  };
}
