import { confirmIntent, newPaymentIntent } from '../billing';
import type { Ctx } from '../context';
import { badState, noSuch } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { PaymentIntent } from '../objects';
import { route, type ApiRequest, type Route } from '../router';
import { liveCustomer } from './customers';
import { invoicePaymentRoutes } from './invoicePayments';
import { createCardFromParams, resolvePaymentMethod } from './paymentMethods';
import { refundRoutes } from './refunds';

/** Stripe.js reaches intents with the publishable key, proving access with the client secret. */
function getIntent({ ctx, params, path, publishable }: ApiRequest): PaymentIntent {
  const pi = ctx.state.paymentIntents[path.id as string];
  if (!pi) throw noSuch(path.id as string);
  if (publishable && params.str('client_secret') !== pi.client_secret) throw noSuch(pi.id);
  return pi;
}

function create({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'amount',
    'currency',
    'customer',
    'payment_method',
    'payment_method_types',
    'confirm',
    'metadata',
    'description',
    'setup_future_usage',
    'off_session',
    'expand',
    'receipt_email',
  ]);
  const customer = params.str('customer');
  if (customer) liveCustomer(ctx, customer);
  const pmParam = params.str('payment_method');
  const pi = newPaymentIntent(ctx, params.reqInt('amount'), customer ?? null, {
    currency: params.reqStr('currency').toLowerCase(),
    metadata: params.metadata(),
    description: params.str('description') ?? null,
    setup_future_usage: params.str('setup_future_usage') ?? null,
  });
  if (pmParam) {
    pi.payment_method = resolvePaymentMethod(ctx, pmParam, 'payment_method').id;
    pi.status = 'requires_confirmation';
  }
  if (params.bool('confirm') && pi.payment_method) {
    const failure = confirmIntent(ctx, pi, pi.payment_method);
    if (failure) throw failure;
  }
  return expand(ctx.state, pi, params.expand());
}

function confirm(req: ApiRequest) {
  const { ctx, params } = req;
  params.allowOnly([
    'payment_method',
    'payment_method_data',
    'client_secret',
    'return_url',
    'off_session',
    'setup_future_usage',
    'expand',
    'use_stripe_sdk',
    'mandate_data',
    'key',
    'receipt_email',
    'payment_method_options',
    'save_payment_method',
  ]);
  const pi = getIntent(req);
  let pmId: string | null = pi.payment_method;
  const pmParam = params.str('payment_method');
  const pmData = params.obj('payment_method_data');
  if (pmParam) pmId = resolvePaymentMethod(ctx, pmParam, 'payment_method').id;
  else if (pmData) pmId = createCardFromParams(ctx, pmData).id;
  if (!pmId) {
    throw badState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a customer, you must provide a payment method.",
      'payment_intent_unexpected_state',
    );
  }
  const sfu = params.str('setup_future_usage');
  if (sfu) pi.setup_future_usage = sfu;
  const failure = confirmIntent(ctx, pi, pmId);
  if (failure) throw failure;
  return expand(ctx.state, pi, params.expand());
}

function cancel(req: ApiRequest) {
  const pi = getIntent(req);
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    throw badState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
      'payment_intent_unexpected_state',
    );
  }
  pi.status = 'canceled';
  pi.canceled_at = req.ctx.clock.now();
  pi.cancellation_reason = 'requested_by_customer';
  req.ctx.webhooks.emit('payment_intent.canceled', pi);
  return expand(req.ctx.state, pi, req.params.expand());
}

function list(ctx: Ctx, req: ApiRequest) {
  const customer = req.params.str('customer');
  const intents = Object.values(ctx.state.paymentIntents).filter((p) => !customer || p.customer === customer);
  return listAnswer(ctx.state, intents, req.params, '/v1/payment_intents');
}

export const paymentIntentRoutes: Route[] = [
  route('POST', '/v1/payment_intents', create),
  route('GET', '/v1/payment_intents', (req) => list(req.ctx, req)),
  route(
    'GET',
    '/v1/payment_intents/:id',
    (req) => expand(req.ctx.state, getIntent(req), req.params.expand()),
    {
      publishable: true,
    },
  ),
  route('POST', '/v1/payment_intents/:id/confirm', confirm, { publishable: true }),
  route('POST', '/v1/payment_intents/:id/cancel', cancel),
  // What follows a payment: the invoice payments that record it, its refunds and charge.
  ...invoicePaymentRoutes,
  ...refundRoutes,
];
