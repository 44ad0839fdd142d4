import Stripe from 'stripe';
import { callStripe } from './client';
import { idOf } from './objects';

/**
 * Refunds in full every paid invoice payment of a subscription (a subscription paid that the account
 * does not hold). One idempotency key per payment intent, so a redelivered webhook refunds once; a
 * payment already refunded (after the key expired) is skipped. Answers the refunds made or replayed.
 */
export async function refundSubscriptionPayments(
  sub: Stripe.Subscription,
  metadata: Record<string, string>,
): Promise<{ refunds: string[]; amount: number }> {
  return callStripe(async (stripe) => {
    const invoices = await stripe.invoices.list({
      subscription: sub.id,
      status: 'paid',
      limit: 100,
      expand: ['data.payments'],
    });
    const out = { refunds: [] as string[], amount: 0 };
    for (const invoice of invoices.data) {
      for (const payment of invoice.payments?.data ?? []) {
        const intent = idOf(payment.payment.payment_intent);
        if (payment.status !== 'paid' || !intent) continue;
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: intent,
              reason: 'duplicate',
              metadata: { ...metadata, invoice: invoice.id ?? '' },
            },
            { idempotencyKey: `refund:${intent}` },
          );
          out.refunds.push(refund.id);
          out.amount += refund.amount;
        } catch (err) {
          if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') continue;
          throw err;
        }
      }
    }
    return out;
  });
}

/**
 * Refunds `amount` (cents) of one payment, with Stripe's reason `requested_by_customer` (support's
 * refunds outside the satisfaction guarantee). `idempotencyKey` is the request's own: Stripe refuses a
 * refund beyond what is left of the payment, so a repeated request never refunds more than asked.
 */
export async function refundPart(
  paymentIntent: string,
  amount: number,
  idempotencyKey: string,
  metadata: Record<string, string>,
): Promise<Stripe.Refund> {
  return callStripe((stripe) =>
    stripe.refunds.create(
      { payment_intent: paymentIntent, amount, reason: 'requested_by_customer', metadata },
      { idempotencyKey },
    ),
  );
}

/** A payment and its refunds (failed and canceled ones left out), as the refund mails read them. */
export interface RefundedPayment {
  /** What the payment took (cents) and when (epoch seconds). */
  amount: number;
  created: number;
  refunds: Stripe.Refund[];
}

/** The payment `paymentIntent` and its refunds, as Stripe has them now. */
export async function refundsOfPayment(paymentIntent: string): Promise<RefundedPayment> {
  return callStripe(async (stripe) => {
    const [pi, refunds] = await Promise.all([
      stripe.paymentIntents.retrieve(paymentIntent),
      stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
    ]);
    return {
      amount: pi.amount_received,
      created: pi.created,
      refunds: refunds.data.filter((r) => r.status !== 'failed' && r.status !== 'canceled'),
    };
  });
}
