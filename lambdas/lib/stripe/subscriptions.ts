import type Stripe from 'stripe';
import { getConfig } from '../config';
import { callStripe } from './client';
import { activeScheduleOf, customerIdOf, licenseItem, stopCancelling, SUBSCRIPTION_EXPAND } from './objects';
import { releaseSchedule } from './schedules';
import { noteRead, stamped } from './snapshot';

// The subscription requests. The keys of the changes a user action makes (raiseQuantity,
// lowerRenewingQuantity) and the metadata recording the action come from lambdas/money/; the
// others carry a key fixed by what they do, or none where repeating is safe.

export async function retrieveSubscription(id: string): Promise<Stripe.Subscription> {
  return callStripe((stripe) =>
    stamped(() => stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND })),
  );
}

/**
 * A subscription waiting for its first payment, created under the run's own key (`attempt`); an
 * interrupted earlier run's is found with pendingCheckoutsOf first.
 */
export async function createIncompleteSubscription(args: {
  uid: string;
  customerId: string;
  count: number;
  attempt: string;
}): Promise<Stripe.Subscription> {
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.create(
        {
          customer: args.customerId,
          items: [{ price: getConfig().stripePriceId, quantity: args.count }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: ['card'],
          },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { uid: args.uid },
        },
        { idempotencyKey: `subscription:${args.uid}:${args.customerId}:${args.attempt}` },
      ),
    ),
  );
}

/** The customer's subscriptions of `uid` still waiting for their first payment, newest first. */
export async function pendingCheckoutsOf(customerId: string, uid: string): Promise<Stripe.Subscription[]> {
  return callStripe(async (stripe) => {
    const list = await stripe.subscriptions.list({
      customer: customerId,
      status: 'incomplete',
      limit: 100,
      expand: ['data.latest_invoice.confirmation_secret'],
    });
    return list.data.filter((s) => s.metadata?.uid === uid).map(noteRead);
  });
}

/**
 * The user's subscriptions of this customer that Stripe has not cancelled, in any other status (a
 * list without a status answers exactly those), without the expansions of a read: a found one is
 * retrieved for its state.
 */
export async function openSubscriptionsOf(customerId: string, uid: string): Promise<Stripe.Subscription[]> {
  return callStripe(async (stripe) => {
    const list = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
    return list.data.filter((s) => s.metadata?.uid === uid);
  });
}

/** Ends the subscription now; answered like every read (SUBSCRIPTION_EXPAND), as its snapshot is saved. */
export async function cancelSubscription(id: string): Promise<Stripe.Subscription> {
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.cancel(id, { expand: SUBSCRIPTION_EXPAND }, { idempotencyKey: `cancel:${id}` }),
    ),
  );
}

/**
 * Ends a checkout nobody will pay: cancels the incomplete subscription and voids its first invoice, so
 * a payment form still open in another tab can no longer pay it (voiding cancels the invoice's
 * PaymentIntent). An invoice Stripe already closed is left as it is.
 */
export async function cancelAbandonedCheckout(id: string): Promise<Stripe.Subscription> {
  return callStripe(async (stripe) => {
    const sub = await stamped(() =>
      stripe.subscriptions.cancel(id, { expand: ['latest_invoice'] }, { idempotencyKey: `abandon:${id}` }),
    );
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    if (invoice?.id && invoice.status === 'open') {
      await stripe.invoices.voidInvoice(invoice.id, {}, { idempotencyKey: `void:${invoice.id}` });
    }
    return sub;
  });
}

/**
 * Adds licenses: the new quantity is charged pro rata at once, and if the charge fails the update is
 * refused as a whole (error_if_incomplete), so a declined card adds nothing. `metadata` (the change
 * marks, lambdas/money/change-marks.ts) is written by the same update. With `prorationDate` (a
 * quote's, from previewRaise) Stripe prorates as of that time, so the charge is the amount quoted;
 * without it, as of Stripe's now.
 */
export async function raiseQuantity(
  sub: Stripe.Subscription,
  quantity: number,
  idempotencyKey: string,
  metadata?: Record<string, string>,
  prorationDate?: number,
): Promise<Stripe.Subscription> {
  const item = licenseItem(sub);
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, quantity }],
          proration_behavior: 'always_invoice',
          ...(prorationDate !== undefined && { proration_date: prorationDate }),
          payment_behavior: 'error_if_incomplete',
          ...stopCancelling(sub),
          ...(metadata && { metadata }),
          expand: SUBSCRIPTION_EXPAND,
        },
        { idempotencyKey },
      ),
    ),
  );
}

/**
 * Removes licenses from the next period: no refund now; at zero the subscription ends at period end
 * (a coming price change's schedule is released first: Stripe lets no schedule-managed subscription
 * be set to end, and one that ends before the change needs none). `metadata` as in raiseQuantity.
 */
export async function lowerRenewingQuantity(
  sub: Stripe.Subscription,
  renewing: number,
  idempotencyKey: string | undefined,
  metadata?: Record<string, string>,
): Promise<Stripe.Subscription> {
  const item = licenseItem(sub);
  const params: Stripe.SubscriptionUpdateParams =
    renewing > 0
      ? {
          items: [{ id: item.id, quantity: renewing }],
          proration_behavior: 'none',
          ...stopCancelling(sub),
        }
      : { cancel_at_period_end: true, proration_behavior: 'none' };
  const schedule = activeScheduleOf(sub);
  if (renewing === 0 && schedule) await releaseSchedule(schedule.id);
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.update(
        sub.id,
        { ...params, ...(metadata && { metadata }), expand: SUBSCRIPTION_EXPAND },
        idempotencyKey ? { idempotencyKey } : {},
      ),
    ),
  );
}

/**
 * Renews licenses again that were removed in this period (renew-licenses): the subscription renews
 * `renewing` licenses at the next period and is no longer set to end. Nothing is charged now: those
 * licenses were paid through the period's end. `metadata` as in raiseQuantity.
 */
export async function raiseRenewingQuantity(
  sub: Stripe.Subscription,
  renewing: number,
  idempotencyKey: string | undefined,
  metadata?: Record<string, string>,
): Promise<Stripe.Subscription> {
  const item = licenseItem(sub);
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, quantity: renewing }],
          proration_behavior: 'none',
          ...stopCancelling(sub),
          ...(metadata && { metadata }),
          expand: SUBSCRIPTION_EXPAND,
        },
        idempotencyKey ? { idempotencyKey } : {},
      ),
    ),
  );
}

/**
 * Undoes a cancellation at period end: the subscription renews again at its current quantity. No
 * idempotency key: setting the flag is safe to repeat, and a key would turn a second resume in the
 * same period (after another cancellation) into a replay that changes nothing.
 */
export async function keepRenewing(subscriptionId: string): Promise<Stripe.Subscription> {
  return callStripe((stripe) =>
    stamped(() =>
      stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: false,
        proration_behavior: 'none',
        expand: SUBSCRIPTION_EXPAND,
      }),
    ),
  );
}

/** What raising the quantity would charge now, and the time on Stripe's clock it is prorated at. */
export interface RaisePreview {
  amountDue: number;
  currency: string;
  prorationDate: number;
}

/**
 * What raising the quantity would charge now (Stripe's invoice preview, prorated). No proration date is
 * sent: Stripe prorates as of its own now (a test clock's frozen time for a customer on one, not this
 * server's clock) and answers the time it used, which raiseQuantity passes back to charge the same.
 */
export async function previewRaise(sub: Stripe.Subscription, quantity: number): Promise<RaisePreview> {
  const item = licenseItem(sub);
  const preview = await callStripe((stripe) =>
    stripe.invoices.createPreview({
      customer: customerIdOf(sub),
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item.id, quantity }],
        proration_behavior: 'always_invoice',
      },
    }),
  );
  const details = preview.parent?.subscription_details;
  return {
    amountDue: preview.amount_due,
    currency: preview.currency,
    // Set whenever the preview prorates; a raise always does, but for the period's very last second.
    prorationDate: details?.subscription_proration_date ?? preview.created,
  };
}
