import type Stripe from 'stripe';
import { readGuaranteeRefund } from '../lib/repository/guarantee';
import { isInForce } from '../lib/license-state';
import { listSlots } from '../lib/repository/licenses';
import { licenseItem } from '../lib/stripe';
import { cardSummaryOf, cardThatPaid, retrieveInvoice } from '../lib/stripe/invoices';
import { LIVE_STATUSES } from '../lib/subscription-status';
import { cancellationConfirmed } from '../mail/templates/cancellation-confirmed';
import { paymentReceipt } from '../mail/templates/payment-receipt';
import { renewalFailed } from '../mail/templates/renewal-failed';
import { subscriptionEnded } from '../mail/templates/subscription-ended';
import { invoiceFacts } from './invoice-facts';
import { sendMoneyMail } from './money-mail';

// The mails the Stripe webhook sends about the money of the account's own subscription: a receipt for
// each paid invoice, a notice for each failed renewal attempt, the cancellation confirmed, the end.
// Each is decided on what Stripe holds now (the invoice and the subscription are read again, never
// taken from the event), so an event that comes late, twice or before another sends no stale mail,
// and each is sent once per fact (send-once.ts): per invoice, per failed attempt, per cancellation
// request, per subscription's end. Each goes to the account's address and its billing email
// (money-mail.ts).

const PAID_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded']);

async function sendReceipt(uid: string, invoiceId: string): Promise<void> {
  const invoice = await retrieveInvoice(invoiceId);
  // Nothing taken (a credit paid it, or it is not paid): no receipt.
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0) return;
  await sendMoneyMail(uid, `receipt:${invoiceId}`, paymentReceipt, {
    ...invoiceFacts(invoice, invoice.amount_paid),
    paidAt: invoice.status_transitions.paid_at ?? invoice.created,
    card: await cardThatPaid(invoice),
  });
}

async function sendRenewalFailure(uid: string, invoiceId: string, sub: Stripe.Subscription): Promise<void> {
  const invoice = await retrieveInvoice(invoiceId);
  // Paid since (a new card), or not a renewal (a first payment and an addition fail in the browser,
  // which says so): no mail.
  if (invoice.status !== 'open' || invoice.billing_reason !== 'subscription_cycle') return;
  await sendMoneyMail(uid, `renewal-failed:${invoiceId}:${invoice.attempt_count}`, renewalFailed, {
    ...invoiceFacts(invoice, invoice.amount_remaining),
    subscriptionId: sub.id,
    card: cardSummaryOf(sub.default_payment_method),
    nextAttempt: invoice.next_payment_attempt,
  });
}

async function sendSubscriptionNotices(uid: string, sub: Stripe.Subscription): Promise<void> {
  const ending = sub.cancel_at_period_end && LIVE_STATUSES.includes(sub.status);
  if (sub.status !== 'canceled' && !ending) return;
  const slots = await listSlots(uid, sub.id);
  if (sub.status === 'canceled') {
    // A checkout that was never paid made no licenses and ends without a word; a subscription that the
    // satisfaction guarantee refunded ended with that refund, whose own mail says so.
    if (!slots.length || (await readGuaranteeRefund(uid, sub.id))) return;
    await sendMoneyMail(uid, `ended:${sub.id}`, subscriptionEnded, {
      endedAt: sub.ended_at ?? Math.floor(Date.now() / 1000),
      unpaid: sub.cancellation_details?.reason === 'payment_failed',
    });
    return;
  }
  const endsAt = sub.cancel_at ?? licenseItem(sub).current_period_end;
  // canceled_at is the time of the request: a cancellation undone and made again is a new one.
  await sendMoneyMail(uid, `cancelled:${sub.id}:${sub.canceled_at ?? endsAt}`, cancellationConfirmed, {
    endsAt,
    licenses: slots.filter((s) => isInForce(s)).length,
  });
}

/**
 * Mails the account holder (and the billing email) what `event` means for their subscription `sub` (read from Stripe under
 * the account's lease, after the sync). Throws if a mail could not be sent: Stripe delivers again.
 */
export async function tellAboutBillingEvent(
  uid: string,
  event: Stripe.Event,
  sub: Stripe.Subscription,
): Promise<void> {
  const object = event.data.object as { object?: string; id?: string };
  if (object.object === 'invoice' && object.id) {
    if (PAID_EVENTS.has(event.type)) await sendReceipt(uid, object.id);
    else if (event.type === 'invoice.payment_failed') await sendRenewalFailure(uid, object.id, sub);
  }
  await sendSubscriptionNotices(uid, sub);
}
