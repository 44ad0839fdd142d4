import type Stripe from 'stripe';
import { callStripe } from './client';
import { idOf } from './objects';

// Reading one invoice for the mails about it (lambdas/notices/): the invoice as Stripe has it now, and
// the card that paid it.

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const cardSummaryOf = (
  pm: Stripe.PaymentMethod | string | null | undefined,
): CardSummary | undefined =>
  typeof pm === 'object' && pm?.card
    ? { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year }
    : undefined;

export async function retrieveInvoice(id: string): Promise<Stripe.Invoice> {
  return callStripe((stripe) => stripe.invoices.retrieve(id, { expand: ['payments'] }));
}

/** The card of the invoice's successful payment (its payment intent's method), if Stripe names one. */
export async function cardThatPaid(invoice: Stripe.Invoice): Promise<CardSummary | undefined> {
  const paid = invoice.payments?.data.find((p) => p.status === 'paid');
  const intent = idOf(paid?.payment.payment_intent);
  if (!intent) return undefined;
  return callStripe(async (stripe) =>
    cardSummaryOf(
      (await stripe.paymentIntents.retrieve(intent, { expand: ['payment_method'] })).payment_method,
    ),
  );
}
