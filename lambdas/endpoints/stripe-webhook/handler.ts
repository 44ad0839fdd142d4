import { stripeWebhook as endpoint } from './contract';
import type { ApiEvent } from '../../lib/auth';
import { AccountBusyError } from '../../lib/errors';
import { ApiError, badRequest, log, ok, apiHandler } from '../../lib/http';
import { withAccountLease } from '../../money/lease';
import { tellHoldersOfContinuingLicenses, tellHoldersOfEndingLicenses } from '../../lib/holder-notices';
import { syncSubscription } from '../../money/sync';
import { findUidByCustomerId, getAccount, saveSubscription } from '../../lib/repository/accounts';
import { listSlots } from '../../lib/repository/licenses';
import { isEventProcessed, recordEventProcessed } from '../../lib/repository/events';
import { rawBody } from '../../lib/request';
import type { Stripe } from '../../lib/stripe';
import {
  cancelAbandonedCheckout,
  cancelSubscription,
  constructWebhookEvent,
  customerIdOf,
  idOf,
  isMissing,
  refundSubscriptionPayments,
  retrieveSubscription,
  snapshotOf,
} from '../../lib/stripe';
import { WEBHOOK_EVENTS } from '../../lib/stripe/webhook-events';
import { ENDED_STATUSES, LIVE_STATUSES, PAYING_STATUSES } from '../../lib/subscription-status';
import { tellAboutBillingEvent } from '../../notices/billing-notices';
import { tellAboutRefunds } from '../../notices/refund-notices';
import { alignPriceSchedule } from '../../price-change/align-schedule';

// POST /api/stripe-webhook (no JWT; Stripe's signature is the credential). The signature is checked
// on the raw body; each event id is handled once; the subscription is re-read from Stripe instead of
// trusting the event's copy, so late, repeated or out-of-order deliveries all converge on Stripe's
// current state. A payment whose complete-checkout never came is provisioned here. A refund's
// `charge.refunded` mails the customer about it.

/** Stripe's events can be larger than the API's own bodies; this still refuses absurd ones. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

const HANDLED: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

/** The subscription an event is about (invoices name it under parent.subscription_details). */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (object.object === 'subscription') return idOf(object.id);
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  return undefined;
}

/**
 * A refund (`charge.refunded`, for each refund of a charge, whole or part): the account whose customer
 * paid is mailed about each refund of that payment not mailed yet (refund-notices.ts). A customer no
 * account holds (deleted since) is nobody's to mail; a payment Stripe no longer finds, nothing to say.
 */
async function tellAboutRefundOf(event: Stripe.Event): Promise<void> {
  const charge = event.data.object as { object?: unknown; customer?: unknown; payment_intent?: unknown };
  const customerId = idOf(charge.customer);
  const paymentIntent = idOf(charge.payment_intent);
  if (charge.object !== 'charge' || !customerId || !paymentIntent) return;
  const uid = await findUidByCustomerId(customerId);
  if (!uid) return;
  await tellAboutRefunds(uid, paymentIntent).catch((err: unknown) => {
    if (!isMissing(err)) throw err;
  });
}

/**
 * The account a subscription belongs to: by its customer (the index, which may lag behind a new
 * account), else by the uid the BFF put in its metadata (a consistent read of that account), provided
 * the account holds no other customer.
 */
async function accountOf(sub: Stripe.Subscription): Promise<string | undefined> {
  const customerId = customerIdOf(sub);
  const byCustomer = await findUidByCustomerId(customerId);
  if (byCustomer) return byCustomer;
  const uid = sub.metadata?.uid;
  if (!uid) return undefined;
  const account = await getAccount(uid);
  return account && (!account.customerId || account.customerId === customerId) ? uid : undefined;
}

/**
 * Brings the account in line with `sub` (held under the account's lease). The account's own
 * subscription, or any the account has held before (it has keys), is synced. A paid subscription the
 * account never held (an old tab's link, a checkout from before the lease, a race with a
 * cancellation) is an orphan: attached when the account holds no live subscription (an abandoned
 * checkout it pointed at is cancelled), else refunded and cancelled. Any other subscription the account
 * does not hold is left alone, so an orphan's cancellation never takes the account's pointer. Answers
 * the subscription when it was synced as one the account holds (its events are the account holder's
 * to hear about).
 */
async function reconcile(
  uid: string,
  sub: Stripe.Subscription,
  event: ApiEvent,
  eventId: string,
): Promise<Stripe.Subscription | undefined> {
  const account = await getAccount(uid);
  if (!account) {
    // Found before the lease, deleted while this event waited for it (delete-customer cancels the
    // subscription, whose events follow): nothing of the account may be written again.
    log('info', 'webhook for a deleted account', event, { eventId, uid, subscriptionId: sub.id });
    return undefined;
  }
  const pointer = account.subscriptionId;
  if (!pointer || pointer === sub.id || (await listSlots(uid, sub.id)).length) {
    const { slots } = await syncSubscription(uid, sub);
    // Stripe's record of a removal or of the subscription's end reaches the licenses here, so the
    // people the buyer gave them to are told here, and so are those whose licenses renew again (a mail
    // that fails makes Stripe deliver again).
    await tellHoldersOfEndingLicenses(uid, slots);
    await tellHoldersOfContinuingLicenses(uid, slots);
    // A coming price change's schedule follows what changed (quantity, cancellation): price-change/.
    await alignPriceSchedule(sub);
    return sub;
  }
  const context = {
    eventId,
    uid,
    subscriptionId: sub.id,
    status: sub.status,
    accountSubscriptionId: pointer,
  };
  if (!PAYING_STATUSES.includes(sub.status)) {
    log('info', 'webhook for a subscription the account does not hold', event, context);
    return undefined;
  }
  const current = await retrieveSubscription(pointer).catch((err: unknown) => {
    if (isMissing(err)) return undefined;
    throw err;
  });
  if (current && LIVE_STATUSES.includes(current.status)) {
    // Refund first, cancel second: if the refund fails, the redelivered event still finds the orphan.
    const { refunds, amount } = await refundSubscriptionPayments(sub, { uid, orphan_of: pointer });
    await cancelSubscription(sub.id);
    log('warn', 'orphan subscription refunded and cancelled', event, { ...context, refunds, amount });
    return undefined;
  }
  if (current?.status === 'incomplete') await cancelAbandonedCheckout(current.id);
  await saveSubscription(uid, customerIdOf(sub), snapshotOf(sub), pointer);
  await syncSubscription(uid, sub);
  log('warn', 'orphan subscription attached', event, context);
  return sub;
}

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const signature = header(event, 'stripe-signature');
  if (!signature) throw badRequest('MISSING_SIGNATURE', 'The Stripe-Signature header is missing.');
  const body = rawBody(event);
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BYTES)
    throw badRequest('BODY_TOO_LARGE', 'The event is too large.');

  // A signature that does not verify answers 400 (http.ts); a secret that cannot be read is ours: 5xx.
  const stripeEvent = await constructWebhookEvent(body, signature);
  if (!HANDLED.has(stripeEvent.type)) return ok(endpoint, { received: true, handled: false });
  if (await isEventProcessed(stripeEvent.id)) return ok(endpoint, { received: true, duplicate: true });

  if (stripeEvent.type === 'charge.refunded') await tellAboutRefundOf(stripeEvent);
  const subscriptionId = subscriptionIdOf(stripeEvent);
  if (subscriptionId) {
    const sub = await retrieveSubscription(subscriptionId);
    const uid = await accountOf(sub);
    if (uid) {
      // Under the account's lease like every other sync, reading Stripe once it is held; if the lease
      // cannot be had in time, a 5xx makes Stripe deliver the event again later.
      const own = await withAccountLease(uid, async () =>
        reconcile(uid, await retrieveSubscription(sub.id), event, stripeEvent.id),
      ).catch((err: unknown) => {
        if (err instanceof AccountBusyError) {
          throw new ApiError(503, 'BUSY', 'The account is being changed; deliver the event again.');
        }
        throw err;
      });
      // Receipts and notices, after the lease (the mails need none: each is claimed once by itself).
      if (own) await tellAboutBillingEvent(uid, stripeEvent, own);
    } else if (sub.metadata?.uid && !ENDED_STATUSES.includes(sub.status)) {
      // Ours (the BFF put the uid there) and possibly paid, but its account is not found yet (the
      // customer index lags behind a new account): not recorded as handled, and a 5xx makes Stripe
      // deliver it again, by when the account is found.
      log('warn', 'webhook for an account not found yet', event, {
        eventId: stripeEvent.id,
        subscriptionId,
        uid: sub.metadata.uid,
      });
      throw new ApiError(503, 'ACCOUNT_NOT_FOUND', 'The account is not found yet; deliver the event again.');
    } else {
      // A deleted user's ended subscription (or a customer made outside the BFF): nothing of ours to update.
      log('warn', 'webhook for unknown customer', event, { eventId: stripeEvent.id, subscriptionId });
    }
  }
  // Recorded after the work: if the work fails, Stripe's retry does it again (it is idempotent).
  await recordEventProcessed(stripeEvent.id, stripeEvent.type);
  return ok(endpoint, { received: true });
});
