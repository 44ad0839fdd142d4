import type Stripe from 'stripe';
import { callStripe } from './client';
import { SUBSCRIPTION_EXPAND } from './objects';
import { stamped } from './snapshot';

// What a price change (lambdas/price-change/) asks of Stripe: the new price, every subscription, the
// change noted on each, and subscription schedules. A schedule is added to the subscription, given two
// phases (the current price until the change, the new one from it) and released when the subscription
// should no longer change (it ends first).

export interface PhasePlan {
  start: number;
  /** Absent: one month, as the price bills (the last phase). */
  end?: number;
  price: string;
  quantity: number;
}

/** Adds a schedule to the subscription; Stripe gives it one phase, the current period. */
export async function scheduleFromSubscription(subscriptionId: string): Promise<Stripe.SubscriptionSchedule> {
  // No idempotency key: a second request for a subscription that has its schedule is refused by
  // Stripe, and the caller reads the subscription again; a key would replay a schedule since released.
  return callStripe((stripe) => stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }));
}

/** Sets the schedule's phases; nothing is prorated (each change happens at a renewal). */
export async function setSchedulePhases(id: string, phases: readonly PhasePlan[]): Promise<void> {
  await callStripe((stripe) =>
    stripe.subscriptionSchedules.update(id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: phases.map((p, i) => ({
        ...(i === 0 ? { start_date: p.start } : {}),
        ...(p.end === undefined
          ? { duration: { interval: 'month' as const, interval_count: 1 } }
          : { end_date: p.end }),
        items: [{ price: p.price, quantity: p.quantity }],
        proration_behavior: 'none',
      })),
    }),
  );
}

export async function releaseSchedule(id: string): Promise<void> {
  await callStripe((stripe) => stripe.subscriptionSchedules.release(id));
}

/** Writes (or, with '', removes) one metadata field of the subscription; answers it as updated. */
export async function setSubscriptionField(
  subscriptionId: string,
  field: string,
  value: string,
): Promise<Stripe.Subscription> {
  // No key: setting a value is safe to repeat.
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.update(subscriptionId, {
        metadata: { [field]: value },
        expand: SUBSCRIPTION_EXPAND,
      }),
    ),
  );
}

export async function retrievePrice(id: string): Promise<Stripe.Price> {
  return callStripe((stripe) => stripe.prices.retrieve(id));
}

/** Every subscription of the account, whatever its state (Stripe lists them 100 at a time). */
export async function listAllSubscriptions(): Promise<Stripe.Subscription[]> {
  return callStripe(async (stripe) => {
    const all: Stripe.Subscription[] = [];
    await stripe.subscriptions.list({ status: 'all', limit: 100 }).autoPagingEach((sub) => {
      all.push(sub);
    });
    return all;
  });
}
