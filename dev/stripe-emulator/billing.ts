import type Stripe from 'stripe';
import { declineFor } from './cards';
import type { Ctx } from './context';
import { badState, noSuch, StripeError } from './errors';
import { clone, previousAttributes, toJson, type JsonObject } from './json';
import type { Invoice, LineItem, PaymentIntent, Subscription, SubscriptionItem } from './objects';
import { receiptUrls } from './receipts/urls';
import { newId } from './store';

/** Invoices, payment intents and charges: the part of Stripe Billing every resource leans on. */

export function defaultPaymentMethod(
  ctx: Ctx,
  sub: Subscription | undefined,
  customerId: string,
): string | null {
  const customer = ctx.state.customers[customerId];
  return sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
}

export function newPaymentIntent(
  ctx: Ctx,
  amount: number,
  customer: string | null,
  extra: Partial<Pick<PaymentIntent, 'currency' | 'metadata' | 'description' | 'setup_future_usage'>> = {},
): PaymentIntent {
  const id = newId('pi');
  const pi: PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('s', 24).slice(2)}`,
    confirmation_method: 'automatic',
    created: ctx.clock.now(),
    currency: 'usd',
    customer,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_record: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
    ...extra,
  };
  ctx.state.paymentIntents[id] = pi;
  return pi;
}

/** A customer's tax IDs as an invoice copies them when it is finalized. */
function invoiceTaxIds(ctx: Ctx, customer: string): Stripe.Invoice.CustomerTaxId[] {
  return Object.values(ctx.state.taxIds ?? {})
    .filter((t) => t.customer === customer)
    .map((t) => ({ type: t.type, value: t.value }));
}

export type InvoiceSpec = {
  customer: string;
  sub: Subscription;
  lines: LineItem[];
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  periodStart: number;
  periodEnd: number;
  prorationDate?: number;
  /** Preview invoices are answered but never stored, charged or announced. */
  preview?: boolean;
};

export function createInvoice(ctx: Ctx, spec: InvoiceSpec): Invoice {
  const now = ctx.clock.now();
  const id = spec.preview ? `upcoming_${newId('in').slice(3)}` : newId('in');
  const customer = ctx.state.customers[spec.customer];
  const subtotal = spec.lines.reduce((sum, l) => sum + l.amount, 0);
  // A credit balance (negative) pays what it can; a negative total becomes credit.
  const startingBalance = customer?.balance ?? 0;
  const applied = subtotal > 0 ? Math.max(startingBalance, -subtotal) : 0;
  const amountDue = Math.max(0, subtotal + applied);
  const endingBalance = subtotal < 0 ? startingBalance + subtotal : startingBalance - applied;
  const lines = spec.lines.map((l) => ({ ...l, invoice: spec.preview ? null : id }));
  const invoice: Invoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_tax_ids: null,
    account_name: ctx.businessName,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !spec.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: spec.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: 'usd',
    custom_fields: null,
    customer: spec.customer,
    customer_account: null,
    // Copied from the customer when the invoice is finalized, as Stripe does: later changes to the
    // customer do not rewrite an issued invoice.
    customer_address: customer?.address ? clone(customer.address) : null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: invoiceTaxIds(ctx, spec.customer),
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: spec.preview ? null : now,
    ending_balance: spec.preview ? null : endingBalance,
    footer: null,
    from_invoice: null,
    ...(spec.preview ? { hosted_invoice_url: null, invoice_pdf: null } : receiptUrls(ctx.origin, id)),
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: lines,
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: spec.preview
      ? null
      : `EMU-${String(Object.keys(ctx.state.invoices).length + 1).padStart(6, '0')}`,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: clone(spec.sub.metadata),
        subscription: spec.sub.id,
        ...(spec.prorationDate ? { subscription_proration_date: spec.prorationDate } : {}),
      },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: spec.periodEnd,
    period_start: spec.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: spec.preview ? 'draft' : 'open',
    status_transitions: {
      finalized_at: spec.preview ? null : now,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total: subtotal,
    total_discount_amounts: [],
    total_excluding_tax: subtotal,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
  if (spec.preview) return invoice;
  if (customer) customer.balance = endingBalance;
  ctx.state.invoices[id] = invoice;
  if (amountDue > 0) {
    const pi = newPaymentIntent(ctx, amountDue, spec.customer, {
      description:
        spec.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      setup_future_usage:
        spec.sub.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
    });
    const payId = newId('inpay');
    ctx.state.invoicePayments[payId] = {
      id: payId,
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: amountDue,
      created: now,
      currency: 'usd',
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    };
  }
  return invoice;
}

/** Settles a new invoice: nothing due pays it at once; otherwise charges `pmId` (or records no method). */
export function collect(ctx: Ctx, invoice: Invoice, pmId: string | null): StripeError | undefined {
  if (invoice.status !== 'open') return undefined;
  if (invoice.amount_due === 0) {
    markInvoicePaid(ctx, invoice, undefined);
    return undefined;
  }
  return chargeInvoice(ctx, invoice, pmId);
}

/** Would charging `pmId` fail? Used where Stripe refuses a change rather than leave it unpaid. */
export function precheckCharge(ctx: Ctx, pmId: string | null): StripeError | undefined {
  if (!pmId) {
    return new StripeError(
      400,
      'invalid_request_error',
      'This customer has no attached payment source or default payment method.',
      { code: 'resource_missing' },
    );
  }
  return declineFor(ctx.state.cardOutcomes[pmId] ?? 'succeed');
}

function invoiceOfIntent(ctx: Ctx, piId: string): Invoice | undefined {
  const pay = Object.values(ctx.state.invoicePayments).find((p) => p.payment.payment_intent === piId);
  return pay ? ctx.state.invoices[pay.invoice] : undefined;
}

export function intentOfInvoice(ctx: Ctx, invoice: Invoice): PaymentIntent | undefined {
  const pay = Object.values(ctx.state.invoicePayments).find(
    (p) => p.invoice === invoice.id && p.status === 'open',
  );
  const intent = pay?.payment.payment_intent;
  return intent ? ctx.state.paymentIntents[intent] : undefined;
}

/** Voids an open invoice (its payment can no longer be made), as POST /v1/invoices/:id/void does. */
export function voidOpenInvoice(ctx: Ctx, invoice: Invoice, at = ctx.clock.now()): void {
  invoice.status = 'void';
  invoice.status_transitions.voided_at = at;
  const pi = intentOfInvoice(ctx, invoice);
  if (pi) pi.status = 'canceled';
  ctx.webhooks.emit('invoice.voided', invoice);
}

function subscriptionOfInvoice(ctx: Ctx, invoice: Invoice): Subscription | undefined {
  const id = invoice.parent?.subscription_details?.subscription;
  return id ? ctx.state.subscriptions[id] : undefined;
}

/** Emits `customer.subscription.updated` if `mutate` changed anything. */
export function updateSubscription(ctx: Ctx, sub: Subscription, mutate: () => void): void {
  const before = clone(sub);
  mutate();
  const previous = previousAttributes(before, sub);
  if (previous) ctx.webhooks.emit('customer.subscription.updated', sub, previous);
}

function markInvoicePaid(ctx: Ctx, invoice: Invoice, pi: PaymentIntent | undefined): void {
  const now = ctx.clock.now();
  invoice.status = 'paid';
  invoice.next_payment_attempt = null;
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions.paid_at = now;
  for (const pay of Object.values(ctx.state.invoicePayments)) {
    if (pay.invoice === invoice.id && pay.status === 'open') {
      pay.status = 'paid';
      pay.amount_paid = pay.amount_requested;
      pay.status_transitions.paid_at = now;
    }
  }
  ctx.webhooks.emit('invoice.paid', invoice);
  const sub = subscriptionOfInvoice(ctx, invoice);
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  updateSubscription(ctx, sub, () => {
    if (['incomplete', 'past_due', 'unpaid'].includes(sub.status)) sub.status = 'active';
    if (pi?.payment_method && sub.payment_settings?.save_default_payment_method === 'on_subscription') {
      sub.default_payment_method = pi.payment_method;
    }
    if (sub.pending_update && sub.latest_invoice === invoice.id) {
      applyItems(sub, sub.pending_update.subscription_items ?? []);
      sub.pending_update = null;
    }
  });
}

export function applyItems(sub: Subscription, items: SubscriptionItem[]): void {
  for (const next of items) {
    const index = sub.items.data.findIndex((i) => i.id === next.id);
    if (index >= 0) sub.items.data[index] = clone(next);
    else sub.items.data.push(clone(next));
  }
}

/**
 * Confirms a payment intent with a payment method: the one place a card is charged. A decline
 * leaves the intent awaiting a new method, records the error and answers it (402) to the caller.
 */
export function confirmIntent(ctx: Ctx, pi: PaymentIntent, pmId: string): StripeError | undefined {
  if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
    throw badState(
      `This PaymentIntent's payment_method could not be updated because it has a status of ${pi.status}. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      'payment_intent_unexpected_state',
    );
  }
  const pm = ctx.state.paymentMethods[pmId];
  if (!pm) throw noSuch(pmId, 'payment_method');
  const invoice = invoiceOfIntent(ctx, pi.id);
  const decline = declineFor(ctx.state.cardOutcomes[pmId] ?? 'succeed');
  if (decline) {
    const chargeId = newId('ch');
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.latest_charge = chargeId;
    pi.last_payment_error = {
      ...(decline.toJson().error as JsonObject),
      type: decline.type,
      charge: chargeId,
      payment_method: clone(pm),
    };
    ctx.webhooks.emit('payment_intent.payment_failed', pi);
    if (invoice) {
      invoice.attempt_count += 1;
      invoice.attempted = true;
      ctx.webhooks.emit('invoice.payment_failed', invoice);
    }
    return new StripeError(402, 'card_error', decline.message, {
      ...decline.fields,
      extra: { charge: chargeId, payment_intent: clone(toJson(pi)), payment_method: clone(toJson(pm)) },
    });
  }
  pi.status = 'succeeded';
  pi.payment_method = pmId;
  pi.amount_received = pi.amount;
  pi.latest_charge = newId('ch');
  pi.last_payment_error = null;
  // A method used to pay for something saved for later is attached to the customer, as Stripe does.
  if (pi.customer && !pm.customer && (pi.setup_future_usage || invoice)) pm.customer = pi.customer;
  ctx.webhooks.emit('payment_intent.succeeded', pi);
  if (invoice) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    markInvoicePaid(ctx, invoice, pi);
  }
  return undefined;
}

/** Charges an open invoice to a payment method; with none, records a failed attempt. */
export function chargeInvoice(ctx: Ctx, invoice: Invoice, pmId: string | null): StripeError | undefined {
  const pi = intentOfInvoice(ctx, invoice);
  if (!pi) return undefined;
  if (!pmId) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    ctx.webhooks.emit('invoice.payment_failed', invoice);
    return new StripeError(
      400,
      'invalid_request_error',
      'This customer has no attached payment source or default payment method.',
      { code: 'resource_missing' },
    );
  }
  return confirmIntent(ctx, pi, pmId);
}
