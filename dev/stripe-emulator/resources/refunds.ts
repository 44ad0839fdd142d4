import type { Ctx } from '../context';
import { badState, invalidParam, missingParam, noSuch, StripeError } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { Charge, PaymentIntent, Refund } from '../objects';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';

// Refunds of a succeeded payment (by payment intent or by its charge), whole or in parts until the
// amount received is used up, as Stripe does. Charges are not stored objects here: a payment intent's
// latest_charge names its charge, and the charge's refunded amounts are derived from the refunds.

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const refundsOf = (ctx: Ctx, pi: PaymentIntent): Refund[] =>
  Object.values(ctx.state.refunds).filter(
    (r) => r.payment_intent === pi.id && r.status !== 'failed' && r.status !== 'canceled',
  );

const amountRefunded = (ctx: Ctx, pi: PaymentIntent): number =>
  refundsOf(ctx, pi).reduce((n, r) => n + r.amount, 0);

/**
 * The charge of a succeeded payment intent as Stripe shows it, refunded amounts included. Charges are
 * not stored: each is derived from its payment intent (and the card that paid it) when shown.
 */
function chargeOf(ctx: Ctx, pi: PaymentIntent): Charge {
  const refunded = amountRefunded(ctx, pi);
  const pm = pi.payment_method ? ctx.state.paymentMethods[pi.payment_method] : undefined;
  return {
    id: pi.latest_charge ?? '',
    object: 'charge',
    amount: pi.amount_received,
    amount_captured: pi.amount_received,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: pm?.billing_details ?? {
      address: null,
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: null,
    captured: true,
    created: pi.created,
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded >= pi.amount_received && pi.amount_received > 0,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

function intentOfCharge(ctx: Ctx, chargeId: string): PaymentIntent {
  const pi = Object.values(ctx.state.paymentIntents).find(
    (p) => p.latest_charge === chargeId && p.status === 'succeeded',
  );
  if (!pi) throw noSuch(chargeId, 'charge');
  return pi;
}

function create({ ctx, params }: ApiRequest) {
  params.allowOnly(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  const piId = params.str('payment_intent');
  const chargeId = params.str('charge');
  if (!piId && !chargeId) missingParamOneOf();
  let pi: PaymentIntent;
  if (piId) {
    const found = ctx.state.paymentIntents[piId];
    if (!found) throw noSuch(piId, 'payment_intent');
    pi = found;
    if (chargeId && pi.latest_charge !== chargeId) {
      throw invalidParam('charge', `The charge ${chargeId} does not belong to the payment intent ${pi.id}.`);
    }
  } else {
    pi = intentOfCharge(ctx, chargeId as string);
  }
  if (pi.status !== 'succeeded' || !pi.latest_charge) {
    throw badState(
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      'charge_not_refundable',
    );
  }
  const left = pi.amount_received - amountRefunded(ctx, pi);
  if (left <= 0) {
    throw badState(`Charge ${pi.latest_charge} has already been refunded.`, 'charge_already_refunded');
  }
  const amount = params.int('amount') ?? left;
  if (amount < 1) throw invalidParam('amount', 'Invalid positive integer');
  if (amount > left) {
    throw new StripeError(
      400,
      'invalid_request_error',
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const reason = params.oneOf('reason', REASONS) ?? null;
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: pi.latest_charge,
    created: ctx.clock.now(),
    currency: pi.currency,
    customer: pi.customer,
    customer_account: null,
    destination_details: { type: 'card', card: { type: 'refund' } },
    metadata: params.metadata(),
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  ctx.state.refunds[refund.id] = refund;
  ctx.webhooks.emit('refund.created', refund);
  ctx.webhooks.emit('charge.refunded', chargeOf(ctx, pi), {
    amount_refunded: amountRefunded(ctx, pi) - amount,
  });
  return expand(ctx.state, refund, params.expand());
}

function missingParamOneOf(): never {
  throw missingParam('charge or payment_intent');
}

function list({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'payment_intent',
    'charge',
    'limit',
    'starting_after',
    'ending_before',
    'expand',
    'created',
  ]);
  const piId = params.str('payment_intent');
  const chargeId = params.str('charge');
  const refunds = Object.values(ctx.state.refunds).filter(
    (r) => (!piId || r.payment_intent === piId) && (!chargeId || r.charge === chargeId),
  );
  return listAnswer(ctx.state, refunds, params, '/v1/refunds');
}

function retrieveCharge({ ctx, params, path }: ApiRequest) {
  return expand(ctx.state, chargeOf(ctx, intentOfCharge(ctx, path.id as string)), params.expand());
}

export const refundRoutes: Route[] = [
  route('POST', '/v1/refunds', create),
  route('GET', '/v1/refunds', list),
  route('GET', '/v1/refunds/:id', ({ ctx, params, path }) => {
    const refund = ctx.state.refunds[path.id as string];
    if (!refund) throw noSuch(path.id as string);
    return expand(ctx.state, refund, params.expand());
  }),
  route('GET', '/v1/charges/:id', retrieveCharge),
];
