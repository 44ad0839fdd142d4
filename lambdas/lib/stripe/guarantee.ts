import Stripe from 'stripe';
import { callStripe } from './client';
import { idOf } from './objects';

// What the satisfaction guarantee reads of a subscription's payments, and its refund of them: every
// paid invoice payment, how much of it is still unrefunded, and the card that paid it (Stripe's
// fingerprint of the card number, and the card's billing address when Stripe has one).

export interface SubscriptionPayment {
  paymentIntent: string;
  currency: string;
  /** What the payment took (cents). */
  amount: number;
  /** What was refunded of it so far (cents). */
  refunded: number;
  cardFingerprint?: string;
  cardAddress?: { line1: string | null; postalCode: string | null; country: string | null };
}

/** The subscription's paid payments, oldest first (its first month holds a few at most). */
export async function subscriptionPayments(subscriptionId: string): Promise<SubscriptionPayment[]> {
  return callStripe(async (stripe) => {
    const invoices = await stripe.invoices.list({
      subscription: subscriptionId,
      status: 'paid',
      limit: 100,
      expand: ['data.payments'],
    });
    const intents = invoices.data
      .flatMap((invoice) => invoice.payments?.data ?? [])
      .filter((p) => p.status === 'paid')
      .map((p) => idOf(p.payment.payment_intent))
      .filter((id): id is string => id !== undefined);
    const payments = await Promise.all(
      [...new Set(intents)].map(async (id) => {
        const [pi, refunds] = await Promise.all([
          stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }),
          stripe.refunds.list({ payment_intent: id, limit: 100 }),
        ]);
        const pm = typeof pi.payment_method === 'object' ? pi.payment_method : null;
        const address = pm?.billing_details.address;
        const payment: SubscriptionPayment = {
          paymentIntent: id,
          currency: pi.currency,
          amount: pi.amount_received,
          refunded: refunds.data
            .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
            .reduce((n, r) => n + r.amount, 0),
          ...(pm?.card?.fingerprint && { cardFingerprint: pm.card.fingerprint }),
          ...(address && {
            cardAddress: { line1: address.line1, postalCode: address.postal_code, country: address.country },
          }),
        };
        return { payment, created: pi.created };
      }),
    );
    return payments.sort((a, b) => a.created - b.created).map((p) => p.payment);
  });
}

/**
 * Refunds in full what each payment still holds, with Stripe's reason `requested_by_customer`.
 * `attempt` (the run's own id) is in each key: Stripe keeps a 500 under a key for a day, and a refund
 * can never exceed what is left of its payment, so a new key per run cannot refund twice. Answers the
 * refunds this call made.
 */
export async function refundInFull(
  payments: readonly SubscriptionPayment[],
  attempt: string,
  metadata: Record<string, string>,
): Promise<{ refunds: string[]; amount: number }> {
  return callStripe(async (stripe) => {
    const out = { refunds: [] as string[], amount: 0 };
    for (const p of payments) {
      if (p.amount - p.refunded <= 0) continue;
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: p.paymentIntent, reason: 'requested_by_customer', metadata },
          { idempotencyKey: `guarantee:${p.paymentIntent}:${attempt}` },
        );
        out.refunds.push(refund.id);
        out.amount += refund.amount;
      } catch (err) {
        // Refunded meanwhile (an earlier run whose answer was lost): nothing is left to refund.
        if (err instanceof Stripe.errors.StripeError && err.code === 'charge_already_refunded') continue;
        throw err;
      }
    }
    return out;
  });
}
