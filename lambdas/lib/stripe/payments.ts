import type Stripe from 'stripe';
import { UnknownPaymentMethodError } from '../errors';
import { callStripe, isMissing } from './client';
import { idOf, SUBSCRIPTION_EXPAND } from './objects';
import { stamped } from './snapshot';

// Cards and invoices: the card a client names, making it the default, paying open invoices with it,
// and the invoices a customer is shown.

/** A payment method the client names; UnknownPaymentMethodError when Stripe does not know it. */
export async function retrievePaymentMethod(id: string): Promise<Stripe.PaymentMethod> {
  return callStripe(async (stripe) => {
    try {
      return await stripe.paymentMethods.retrieve(id);
    } catch (err) {
      if (isMissing(err)) throw new UnknownPaymentMethodError(id);
      throw err;
    }
  });
}

export async function attachPaymentMethod(id: string, customerId: string): Promise<Stripe.PaymentMethod> {
  return callStripe((stripe) =>
    stripe.paymentMethods.attach(
      id,
      { customer: customerId },
      { idempotencyKey: `attach:${id}:${customerId}` },
    ),
  );
}

/** Makes the card the default for the customer's future invoices and for the subscription; answers the subscription as updated. */
export async function setDefaultPaymentMethod(
  customerId: string,
  subscriptionId: string,
  pmId: string,
): Promise<Stripe.Subscription> {
  // No idempotency keys here: setting a value is safe to repeat, and a key would turn a later switch
  // back to this card (within Stripe's 24 hours) into a replay that changes nothing. One after the
  // other: a subscription update may lock its customer, and in parallel the pair could time out.
  return callStripe(async (stripe) => {
    await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pmId } });
    return stamped(() =>
      stripe.subscriptions.update(subscriptionId, {
        default_payment_method: pmId,
        expand: SUBSCRIPTION_EXPAND,
      }),
    );
  });
}

/** Retries the open invoices of a past-due subscription with the given card (oldest first). */
export async function payOpenInvoices(subscriptionId: string, pmId: string): Promise<number> {
  return callStripe(async (stripe) => {
    const open = await stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 10 });
    const invoices = [...open.data].sort((a, b) => a.created - b.created);
    for (const invoice of invoices) {
      if (!invoice.id) continue;
      await stripe.invoices.pay(
        invoice.id,
        { payment_method: pmId },
        { idempotencyKey: `pay:${invoice.id}:${pmId}` },
      );
    }
    return invoices.length;
  });
}

/** Invoice statuses a customer is shown: finalized ones (a draft can still change or be deleted). */
const FINALIZED_INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;
type FinalizedStatus = (typeof FINALIZED_INVOICE_STATUSES)[number];
export type FinalizedInvoice = Stripe.Invoice & { status: FinalizedStatus };

const isFinalized = (i: Stripe.Invoice): i is FinalizedInvoice =>
  (FINALIZED_INVOICE_STATUSES as readonly (string | null)[]).includes(i.status);

/** What was refunded of the invoice's payments (cents): each paid payment's refunds that did not fail. */
async function refundedOf(stripe: Stripe, invoice: Stripe.Invoice): Promise<number> {
  const intents = (invoice.payments?.data ?? [])
    .filter((p) => p.status === 'paid')
    .map((p) => idOf(p.payment.payment_intent))
    .filter((id): id is string => id !== undefined);
  const lists = await Promise.all(
    intents.map((id) => stripe.refunds.list({ payment_intent: id, limit: 100 })),
  );
  return lists
    .flatMap((l) => l.data)
    .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
    .reduce((n, r) => n + r.amount, 0);
}

/**
 * The subscription's finalized invoices, newest first: the latest 100 (over eight years of months),
 * each with what was refunded of it (Stripe's invoice does not say; its payments' refunds do).
 */
export async function listFinalizedInvoices(
  subscriptionId: string,
): Promise<(FinalizedInvoice & { amountRefunded: number })[]> {
  return callStripe(async (stripe) => {
    const page = await stripe.invoices.list({
      subscription: subscriptionId,
      limit: 100,
      expand: ['data.payments'],
    });
    return Promise.all(
      page.data.filter(isFinalized).map(async (invoice) => ({
        ...invoice,
        amountRefunded: invoice.status === 'paid' ? await refundedOf(stripe, invoice) : 0,
      })),
    );
  });
}
