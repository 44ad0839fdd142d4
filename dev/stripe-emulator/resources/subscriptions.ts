import { collect, createInvoice, defaultPaymentMethod, precheckCharge, updateSubscription } from '../billing';
import type { Ctx } from '../context';
import { badState, missingParam, noSuch } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { Price, Subscription, SubscriptionItem } from '../objects';
import { cycleLine, prorationLines, type ItemChange } from '../proration';
import { nowFor, prorationDateOf } from '../proration-date';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';
import {
  applyChanges,
  itemSpecs,
  newItem,
  periodEnd,
  planItemChanges,
  priceParam,
  quantityParam,
} from '../subscription-items';
import { liveCustomer } from './customers';
import { resolvePaymentMethod } from './paymentMethods';
import { refuseCancellationChange } from './subscriptionSchedules';

const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;
const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'] as const;
type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];
type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

/** Pending updates lapse after 23 hours, as Stripe's do. */
const PENDING_UPDATE_TTL = 23 * 60 * 60;

export function getSubscription(ctx: Ctx, id: string, param = 'id'): Subscription {
  const sub = ctx.state.subscriptions[id];
  if (!sub) throw noSuch(id, param);
  return sub;
}

function attachedPaymentMethod(ctx: Ctx, customer: string, id: string, param: string): string {
  const pm = resolvePaymentMethod(ctx, id, param);
  if (pm.customer !== customer) {
    throw badState(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'resource_missing',
    );
  }
  return pm.id;
}

function create({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'customer',
    'items',
    'payment_behavior',
    'payment_settings',
    'expand',
    'metadata',
    'default_payment_method',
    'cancel_at_period_end',
    'description',
    'off_session',
    'proration_behavior',
    'collection_method',
    'currency',
  ]);
  const customer = liveCustomer(ctx, params.reqStr('customer'));
  const itemParams = params.list('items');
  if (itemParams.length === 0) throw missingParam('items');
  const behavior: PaymentBehavior = params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete';
  const saveDefault = params
    .obj('payment_settings')
    ?.oneOf('save_default_payment_method', ['off', 'on_subscription'] as const);
  const pmParam = params.str('default_payment_method');
  const defaultPm = pmParam
    ? attachedPaymentMethod(ctx, customer.id, pmParam, 'default_payment_method')
    : null;
  const now = nowFor(ctx, customer.id);
  const id = newId('sub');
  const prices = itemParams.map((item, i) => priceParam(ctx, item, i));
  const end = periodEnd(prices[0] as Price, now);
  const items = itemParams.map((item, i) =>
    newItem(ctx, id, prices[i] as Price, quantityParam(item, 1), { start: now, end }),
  );
  const sub: Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: params.bool('cancel_at_period_end') ? end : null,
    cancel_at_period_end: params.bool('cancel_at_period_end') ?? false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: (prices[0] as Price).currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: defaultPm,
    default_source: null,
    default_tax_rates: [],
    description: params.str('description') ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      issuer: { type: 'self' },
      custom_fields: null,
      description: null,
      footer: null,
    },
    items: {
      object: 'list',
      data: items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: params.metadata(),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: saveDefault ?? 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: customer.test_clock as string | null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
  const pmId = defaultPaymentMethod(ctx, sub, customer.id);
  const total = items.reduce((sum, i) => sum + (i.price.unit_amount ?? 0) * (i.quantity ?? 0), 0);
  if (behavior === 'error_if_incomplete' && total > 0) {
    const refusal = precheckCharge(ctx, pmId);
    if (refusal) throw refusal;
  }
  ctx.state.subscriptions[id] = sub;
  const invoice = createInvoice(ctx, {
    customer: customer.id,
    sub,
    lines: items.map((item) => cycleLine(ctx, sub, item)),
    billingReason: 'subscription_create',
    periodStart: now,
    periodEnd: now,
  });
  sub.latest_invoice = invoice.id;
  ctx.webhooks.emit('customer.subscription.created', sub);
  // default_incomplete leaves the first payment to the client (confirmation_secret).
  if (invoice.amount_due === 0 || behavior !== 'default_incomplete') collect(ctx, invoice, pmId);
  return expand(ctx.state, sub, params.expand());
}

type UpdateOptions = {
  changes: ItemChange[];
  proration: ProrationBehavior;
  payment: PaymentBehavior;
  at: number;
  /** Everything but items; applied together with the items. */
  other?: () => void;
};

/** A subscription update, with Stripe's proration and payment behaviours. */
function updateSubscriptionItems(ctx: Ctx, sub: Subscription, opts: UpdateOptions): void {
  const lines =
    opts.proration === 'none' ? [] : opts.changes.flatMap((c) => prorationLines(ctx, sub, c, opts.at));
  const pmId = defaultPaymentMethod(ctx, sub, sub.customer);
  if (opts.proration !== 'always_invoice' || lines.length === 0) {
    updateSubscription(ctx, sub, () => {
      applyChanges(sub, opts.changes);
      opts.other?.();
    });
    if (lines.length > 0) (ctx.state.pendingLines[sub.id] ??= []).push(...lines);
    return;
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (opts.payment === 'error_if_incomplete' && total > 0) {
    // Stripe refuses the whole update when the prorated charge fails: nothing changes.
    const refusal = precheckCharge(ctx, pmId);
    if (refusal) throw refusal;
  }
  const period = sub.items.data[0];
  const invoice = createInvoice(ctx, {
    customer: sub.customer,
    sub,
    lines,
    billingReason: 'subscription_update',
    periodStart: opts.at,
    periodEnd: period?.current_period_end ?? opts.at,
    prorationDate: opts.at,
  });
  if (opts.payment === 'pending_if_incomplete') {
    updateSubscription(ctx, sub, () => {
      opts.other?.();
      sub.latest_invoice = invoice.id;
      // Applied by markInvoicePaid when the invoice is paid; lapses otherwise.
      sub.pending_update = {
        billing_cycle_anchor: null,
        cancel_at_period_end: null,
        discount: null,
        discounts: null,
        metadata: null,
        expires_at: Math.min(ctx.clock.now() + PENDING_UPDATE_TTL, period?.current_period_end ?? Infinity),
        subscription_items: opts.changes.flatMap((c) => (c.after ? [c.after] : [])),
        trial_end: null,
        trial_from_plan: null,
      };
    });
    collect(ctx, invoice, pmId);
    return;
  }
  updateSubscription(ctx, sub, () => {
    applyChanges(sub, opts.changes);
    opts.other?.();
    sub.latest_invoice = invoice.id;
  });
  if (opts.payment === 'default_incomplete') return;
  const failure = collect(ctx, invoice, pmId);
  if (failure && sub.status === 'active') updateSubscription(ctx, sub, () => (sub.status = 'past_due'));
}

function update({ ctx, params, path }: ApiRequest) {
  params.allowOnly([
    'items',
    'proration_behavior',
    'proration_date',
    'payment_behavior',
    'cancel_at_period_end',
    'default_payment_method',
    'metadata',
    'description',
    'expand',
    'payment_settings',
    'off_session',
  ]);
  const sub = getSubscription(ctx, path.id as string);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    const onlyMeta = Object.keys(params.raw).every((k) => k === 'metadata' || k === 'expand');
    if (!onlyMeta)
      throw badState('A canceled subscription can only update its cancellation_details and metadata.');
  }
  refuseCancellationChange(sub, params);
  const cancelAtEnd = params.bool('cancel_at_period_end');
  const pmParam = params.str('default_payment_method');
  const pmId = pmParam
    ? attachedPaymentMethod(ctx, sub.customer, pmParam, 'default_payment_method')
    : undefined;
  const saveDefault = params
    .obj('payment_settings')
    ?.oneOf('save_default_payment_method', ['off', 'on_subscription'] as const);
  const metadata = params.metadata(sub.metadata);
  const description = params.str('description');
  updateSubscriptionItems(ctx, sub, {
    changes: planItemChanges(ctx, sub, itemSpecs(params)),
    proration: params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations',
    payment: params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete',
    at: prorationDateOf(ctx, sub, params.int('proration_date'), 'proration_date'),
    other: () => {
      sub.metadata = metadata;
      if (description !== undefined) sub.description = description || null;
      if (pmId !== undefined) sub.default_payment_method = pmId;
      if (saveDefault && sub.payment_settings) sub.payment_settings.save_default_payment_method = saveDefault;
      if (cancelAtEnd !== undefined) {
        // canceled_at is the time of the latest request to cancel at the period's end (Stripe's docs).
        if (cancelAtEnd !== sub.cancel_at_period_end) sub.canceled_at = cancelAtEnd ? ctx.clock.now() : null;
        sub.cancel_at_period_end = cancelAtEnd;
        sub.cancel_at = cancelAtEnd ? (sub.items.data[0]?.current_period_end ?? null) : null;
        if (!cancelAtEnd)
          sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
        else
          sub.cancellation_details = {
            comment: null,
            feedback: null,
            feedback_option: null,
            reason: 'cancellation_requested',
          };
      }
    },
  });
  return expand(ctx.state, sub, params.expand());
}

export function cancelNow(ctx: Ctx, sub: Subscription, at = ctx.clock.now()): void {
  const schedule = sub.schedule ? ctx.state.subscriptionSchedules?.[sub.schedule] : undefined;
  if (schedule?.status === 'active') {
    // Cancelling a subscription cancels the schedule that manages it.
    schedule.status = 'canceled';
    schedule.canceled_at = at;
    schedule.current_phase = null;
  }
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  sub.pending_update = null;
  Reflect.deleteProperty(ctx.state.pendingLines, sub.id);
  ctx.webhooks.emit('customer.subscription.deleted', sub);
}

function cancel({ ctx, params, path }: ApiRequest) {
  params.allowOnly(['expand', 'invoice_now', 'prorate', 'cancellation_details']);
  const sub = getSubscription(ctx, path.id as string);
  if (sub.status === 'canceled') throw badState(`No such subscription: '${sub.id}'`, 'resource_missing');
  sub.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: 'cancellation_requested',
  };
  cancelNow(ctx, sub);
  return expand(ctx.state, sub, params.expand());
}

function list({ ctx, params }: ApiRequest) {
  const customer = params.str('customer');
  const status = params.str('status');
  const price = params.str('price');
  const subs = Object.values(ctx.state.subscriptions).filter(
    (s) =>
      (!customer || s.customer === customer) &&
      (status === 'all' || (status ? s.status === status : s.status !== 'canceled')) &&
      (!price || s.items.data.some((i) => i.price.id === price)),
  );
  return listAnswer(ctx.state, subs, params, '/v1/subscriptions');
}

function findItem(ctx: Ctx, id: string): { sub: Subscription; item: SubscriptionItem } {
  for (const sub of Object.values(ctx.state.subscriptions)) {
    const item = sub.items.data.find((i) => i.id === id);
    if (item) return { sub, item };
  }
  throw noSuch(id);
}

function updateItem({ ctx, params, path }: ApiRequest) {
  params.allowOnly([
    'quantity',
    'price',
    'proration_behavior',
    'proration_date',
    'payment_behavior',
    'metadata',
    'expand',
    'off_session',
  ]);
  const { sub, item } = findItem(ctx, path.id as string);
  const changes = planItemChanges(ctx, sub, [
    { id: item.id, price: params.str('price'), quantity: params.int('quantity') },
  ]);
  const metadata = params.metadata(item.metadata);
  for (const c of changes) if (c.after) c.after.metadata = metadata;
  updateSubscriptionItems(ctx, sub, {
    changes,
    proration: params.oneOf('proration_behavior', PRORATION_BEHAVIORS) ?? 'create_prorations',
    payment: params.oneOf('payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete',
    at: prorationDateOf(ctx, sub, params.int('proration_date'), 'proration_date'),
  });
  const current = sub.items.data.find((i) => i.id === item.id) ?? item;
  return expand(ctx.state, current, params.expand());
}

export const subscriptionRoutes: Route[] = [
  route('POST', '/v1/subscriptions', create),
  route('GET', '/v1/subscriptions', list),
  route('GET', '/v1/subscriptions/:id', ({ ctx, params, path }) =>
    expand(ctx.state, getSubscription(ctx, path.id as string), params.expand()),
  ),
  route('POST', '/v1/subscriptions/:id', update),
  route('DELETE', '/v1/subscriptions/:id', cancel),
  route('GET', '/v1/subscription_items', ({ ctx, params }) => {
    const sub = getSubscription(ctx, params.reqStr('subscription'), 'subscription');
    return listAnswer(ctx.state, [...sub.items.data].reverse(), params, '/v1/subscription_items');
  }),
  route('GET', '/v1/subscription_items/:id', ({ ctx, params, path }) =>
    expand(ctx.state, findItem(ctx, path.id as string).item, params.expand()),
  ),
  route('POST', '/v1/subscription_items/:id', updateItem),
];
