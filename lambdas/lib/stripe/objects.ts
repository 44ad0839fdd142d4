import type Stripe from 'stripe';
import type { KeySource } from '../../money/retry-keys';
import { getConfig } from '../config';

// Reading Stripe's objects: ids of references that may come expanded, the license item, the first
// payment's client secret.

/** The id of a Stripe reference, whether Stripe sent it as an id or expanded it into its object. */
export const idOf = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string'
      ? v.id
      : undefined;

/** The subscription's license item (the only item, at the configured price). */
export function licenseItem(sub: Stripe.Subscription): Stripe.SubscriptionItem {
  const { stripePriceId } = getConfig();
  const item = sub.items.data.find((i) => i.price.id === stripePriceId) ?? sub.items.data[0];
  if (!item) throw new Error(`Subscription ${sub.id} has no items`);
  return item;
}

export function customerIdOf(sub: Stripe.Subscription): string {
  const id = idOf(sub.customer);
  if (!id) throw new Error(`Subscription ${sub.id} has no customer`);
  return id;
}

/** The first payment's client secret while the subscription awaits it. */
export function clientSecretOf(sub: Stripe.Subscription): string | undefined {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return invoice?.confirmation_secret?.client_secret ?? undefined;
}

/**
 * Every subscription the BFF reads comes with its card, its first payment's client secret and the
 * schedule that holds a coming price change (lambdas/price-change/), if any.
 */
export const SUBSCRIPTION_EXPAND = [
  'default_payment_method',
  'latest_invoice.confirmation_secret',
  'schedule',
];

/** The schedule managing the subscription, when one is active (a price change is coming). */
export const activeScheduleOf = (sub: Stripe.Subscription): Stripe.SubscriptionSchedule | undefined =>
  typeof sub.schedule === 'object' && sub.schedule?.status === 'active' ? sub.schedule : undefined;

/**
 * `cancel_at_period_end: false` only where it changes something: Stripe refuses any change to how a
 * subscription ends while a schedule manages it, and one does only while it renews.
 */
export const stopCancelling = (sub: Stripe.Subscription): { cancel_at_period_end?: false } =>
  sub.cancel_at_period_end ? { cancel_at_period_end: false } : {};

/** What the Stripe keys of a quantity change are derived from (lambdas/money/retry-keys.ts). */
export const keySourceOf = (sub: Stripe.Subscription): KeySource => ({
  subscriptionId: sub.id,
  quantity: licenseItem(sub).quantity ?? 0,
  card: idOf(sub.default_payment_method),
  latestInvoice: idOf(sub.latest_invoice),
});
