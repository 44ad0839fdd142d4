import type Stripe from 'stripe';
import { nextReadSeq } from '../../money/read-order';
import type { SubscriptionSnapshot } from '../subscription-snapshot';
import { ENDED_STATUSES } from '../subscription-status';
import { licenseItem } from './objects';

// A subscription as the BFF keeps it (snapshotOf), and what the adapter notes about each subscription
// object it answers: when it was read (the snapshot's observedAt) and the read sequence number taken
// before its request was sent (requestedAfter). lambdas/money/DESIGN.md says which failure each guards.

// When each subscription object was read from Stripe (ms). The cached copy keeps the newest read, so a
// slow request outside the lease (get-subscriptions, cancel-checkout) cannot overwrite the state a
// later request stored (repository/accounts.ts saveSubscription).
const readAt = new WeakMap<Stripe.Subscription, number>();
// The read sequence number taken before the request that answered each subscription was sent. None
// for an answer Stripe replayed for a reused idempotency key: that state is from the first request.
const requestSeq = new WeakMap<Stripe.Subscription, number>();

/** Sends a request that answers a subscription, and notes when it was read. */
export async function stamped(
  request: () => Promise<Stripe.Response<Stripe.Subscription>>,
): Promise<Stripe.Subscription> {
  const seq = nextReadSeq();
  const sub = await request();
  return noteRead(sub, seq, sub.lastResponse?.headers?.['idempotent-replayed'] === 'true');
}

export function noteRead(sub: Stripe.Subscription, seq: number, replayed: boolean): Stripe.Subscription {
  readAt.set(sub, Date.now());
  if (!replayed) requestSeq.set(sub, seq);
  return sub;
}

/** Whether Stripe was asked for `sub` after the read numbered `seq` (false when it cannot be told). */
export const requestedAfter = (sub: Stripe.Subscription, seq: number): boolean =>
  (requestSeq.get(sub) ?? 0) > seq;

export function snapshotOf(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = licenseItem(sub);
  const quantity = item.quantity ?? 0;
  const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    subscriptionId: sub.id,
    subscriptionCreated: sub.created,
    subscriptionStatus: sub.status,
    quantity,
    renewing: sub.cancel_at_period_end || ENDED_STATUSES.includes(sub.status) ? 0 : quantity,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    cardBrand: pm?.card?.brand,
    cardLast4: pm?.card?.last4,
    observedAt: readAt.get(sub) ?? Date.now(),
  };
}
