import { createHash } from 'node:crypto';
import { brandOf, declineFor, outcomeOf, testCardNumber, validateCard } from '../cards';
import type { Ctx } from '../context';
import { badState, invalidParam, noSuch, StripeError } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { PaymentMethod } from '../objects';
import type { Params } from '../params';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';
import { liveCustomer } from './customers';

function billingDetails(params: Params | undefined): PaymentMethod['billing_details'] {
  const address = params?.obj('address');
  return {
    address: {
      city: address?.str('city') ?? null,
      country: address?.str('country') ?? null,
      line1: address?.str('line1') ?? null,
      line2: address?.str('line2') ?? null,
      postal_code: address?.str('postal_code') ?? null,
      state: address?.str('state') ?? null,
    },
    email: params?.str('email') ?? null,
    name: params?.str('name') ?? null,
    phone: params?.str('phone') ?? null,
    tax_id: null,
  };
}

function storeCard(
  ctx: Ctx,
  card: { number: string; expMonth: number; expYear: number },
  billing: PaymentMethod['billing_details'],
  metadata: Record<string, string> = {},
): PaymentMethod {
  const id = newId('pm');
  const brand = brandOf(card.number);
  const pm: PaymentMethod = {
    id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing,
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: createHash('sha256').update(card.number).digest('hex').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ctx.clock.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: 'card',
  };
  ctx.state.paymentMethods[id] = pm;
  ctx.state.cardOutcomes[id] = outcomeOf(card.number);
  return pm;
}

/** `pm_card_visa` and friends stand for a fresh card each time they are used, as in Stripe. */
export function resolvePaymentMethod(ctx: Ctx, id: string, param: string): PaymentMethod {
  const testNumber = testCardNumber(id);
  if (testNumber && id.startsWith('pm_card_')) {
    const year = new Date(ctx.clock.now() * 1000).getUTCFullYear() + 3;
    return storeCard(ctx, { number: testNumber, expMonth: 12, expYear: year }, billingDetails(undefined));
  }
  const pm = ctx.state.paymentMethods[id];
  if (!pm) throw noSuch(id, param);
  return pm;
}

/** Creates a card PaymentMethod from raw details, a `tok_*` token or `payment_method_data`. */
export function createCardFromParams(ctx: Ctx, params: Params): PaymentMethod {
  const type = params.reqStr('type');
  if (type !== 'card') throw invalidParam('type', `The payment method type '${type}' is not supported here.`);
  const card = params.obj('card');
  if (!card)
    throw new StripeError(400, 'invalid_request_error', 'Missing required param: card.', { param: 'card' });
  const token = card.str('token');
  const billing = billingDetails(params.obj('billing_details'));
  if (token) {
    const number = testCardNumber(token);
    if (!number) throw noSuch(token, 'card[token]');
    const year = new Date(ctx.clock.now() * 1000).getUTCFullYear() + 3;
    return storeCard(ctx, { number, expMonth: 12, expYear: year }, billing, params.metadata());
  }
  const valid = validateCard(
    card.reqStr('number'),
    card.reqInt('exp_month'),
    card.reqInt('exp_year'),
    card.str('cvc') ?? '',
    ctx.clock.now(),
  );
  return storeCard(ctx, valid, billing, params.metadata());
}

/** Attaching runs the card's check: the always-declining test cards fail here already. */
export function attachPaymentMethod(ctx: Ctx, pm: PaymentMethod, customerId: string): void {
  liveCustomer(ctx, customerId);
  if (pm.customer === customerId) return;
  if (pm.customer) {
    throw badState(`The payment method you provided has already been attached to a customer.`);
  }
  // Stripe: "once detached, a PaymentMethod can no longer be used for payments or re-attached".
  if (ctx.state.detachedPaymentMethods?.[pm.id]) {
    throw badState(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from ' +
        'a Customer, and may not be used again.',
      'payment_method_unexpected_state',
    );
  }
  const outcome = ctx.state.cardOutcomes[pm.id] ?? 'succeed';
  const decline = outcome === 'charge_fails' ? undefined : declineFor(outcome);
  if (decline) throw decline;
  pm.customer = customerId;
  ctx.webhooks.emit('payment_method.attached', pm);
}

function create({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'type',
    'card',
    'billing_details',
    'metadata',
    'expand',
    'key',
    'customer',
    'payment_method',
  ]);
  const pm = createCardFromParams(ctx, params);
  return expand(ctx.state, pm, params.expand());
}

function retrieve({ ctx, params, path }: ApiRequest) {
  return expand(ctx.state, resolvePaymentMethod(ctx, path.id as string, 'id'), params.expand());
}

function attach({ ctx, params, path }: ApiRequest) {
  params.allowOnly(['customer', 'expand']);
  const pm = resolvePaymentMethod(ctx, path.id as string, 'id');
  attachPaymentMethod(ctx, pm, params.reqStr('customer'));
  return expand(ctx.state, pm, params.expand());
}

function detach({ ctx, params, path }: ApiRequest) {
  const pm = resolvePaymentMethod(ctx, path.id as string, 'id');
  if (!pm.customer)
    throw badState(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  const customer = ctx.state.customers[pm.customer];
  if (customer?.invoice_settings.default_payment_method === pm.id)
    customer.invoice_settings.default_payment_method = null;
  for (const sub of Object.values(ctx.state.subscriptions)) {
    if (sub.default_payment_method === pm.id) sub.default_payment_method = null;
  }
  pm.customer = null;
  (ctx.state.detachedPaymentMethods ??= {})[pm.id] = true;
  ctx.webhooks.emit('payment_method.detached', pm);
  return expand(ctx.state, pm, params.expand());
}

function listFor(ctx: Ctx, customer: string, params: Params, url: string) {
  liveCustomer(ctx, customer);
  const type = params.str('type');
  const pms = Object.values(ctx.state.paymentMethods).filter(
    (pm) => pm.customer === customer && (type === undefined || pm.type === type),
  );
  return listAnswer(ctx.state, pms, params, url);
}

export const paymentMethodRoutes: Route[] = [
  route('POST', '/v1/payment_methods', create, { publishable: true }),
  route('GET', '/v1/payment_methods', ({ ctx, params }) =>
    listFor(ctx, params.reqStr('customer'), params, '/v1/payment_methods'),
  ),
  route('GET', '/v1/payment_methods/:id', retrieve),
  route('POST', '/v1/payment_methods/:id/attach', attach),
  route('POST', '/v1/payment_methods/:id/detach', detach),
  route('GET', '/v1/customers/:id/payment_methods', ({ ctx, params, path }) =>
    listFor(ctx, path.id as string, params, `/v1/customers/${path.id}/payment_methods`),
  ),
  route('GET', '/v1/customers/:customer/payment_methods/:id', ({ ctx, params, path }) => {
    const pm = ctx.state.paymentMethods[path.id as string];
    if (!pm || pm.customer !== path.customer) throw noSuch(path.id as string);
    return expand(ctx.state, pm, params.expand());
  }),
];
