import { updateSubscription } from '../billing';
import { addMonths } from '../clock';
import type { Ctx } from '../context';
import { badState, invalidParam, missingParam, StripeError } from '../errors';
import { expand } from '../expand';
import { listAnswer } from '../list';
import type { Subscription, SubscriptionSchedule } from '../objects';
import type { Params } from '../params';
import { route, type ApiRequest, type Route } from '../router';
import { newId } from '../store';
import { getSubscription } from './subscriptions';

// Subscription schedules, for a schedule added to an existing subscription (`from_subscription`) and
// then given its phases (Stripe's guide: create from the subscription, then update the phases, the
// first keeping the current phase's start). The clock's side is ../schedules.ts.

type Phase = SubscriptionSchedule['phases'][number];
type PhaseItem = Phase['items'][number];

function getSchedule(ctx: Ctx, id: string): SubscriptionSchedule {
  const schedule = ctx.state.subscriptionSchedules?.[id];
  if (!schedule) {
    throw new StripeError(404, 'invalid_request_error', `No such subscription schedule: '${id}'`, {
      code: 'resource_missing',
      param: 'id',
    });
  }
  return schedule;
}

function newPhase(
  sub: Subscription,
  start: number,
  end: number,
  items: PhaseItem[],
  proration: Phase['proration_behavior'],
): Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: sub.currency,
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items,
    metadata: {},
    on_behalf_of: null,
    proration_behavior: proration,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

const phaseItem = (price: string, quantity: number): PhaseItem => ({
  billing_thresholds: null,
  discounts: [],
  metadata: {},
  plan: price,
  price,
  quantity,
});

function create({ ctx, params }: ApiRequest) {
  params.allowOnly([
    'from_subscription',
    'customer',
    'phases',
    'start_date',
    'end_behavior',
    'metadata',
    'expand',
  ]);
  const subId = params.str('from_subscription');
  if (!subId) throw missingParam('from_subscription');
  if (params.has('phases') || params.has('start_date') || params.has('customer')) {
    throw badState('You cannot set `phases`, `start_date` or `customer` when `from_subscription` is set.');
  }
  const sub = getSubscription(ctx, subId, 'from_subscription');
  if (sub.schedule) {
    throw badState(`The subscription \`${sub.id}\` is already attached to a schedule (\`${sub.schedule}\`).`);
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.status === 'incomplete') {
    throw badState(
      `You cannot create a subscription schedule from a subscription with status ${sub.status}.`,
    );
  }
  const item = sub.items.data[0];
  const start = item?.current_period_start ?? ctx.clock.now();
  const end = item?.current_period_end ?? ctx.clock.now();
  const id = newId('sub_sched');
  const schedule: SubscriptionSchedule = {
    id,
    object: 'subscription_schedule',
    application: null,
    billing_mode: { flexible: null, type: 'classic' },
    canceled_at: null,
    completed_at: null,
    created: ctx.clock.now(),
    current_phase: { start_date: start, end_date: end },
    customer: sub.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: params.oneOf('end_behavior', ['release', 'cancel'] as const) ?? 'release',
    livemode: false,
    metadata: params.metadata(),
    pause_schedules: [],
    phases: [
      newPhase(
        sub,
        start,
        end,
        sub.items.data.map((i) => phaseItem(i.price.id, i.quantity ?? 1)),
        'create_prorations',
      ),
    ],
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: sub.id,
    test_clock: null,
  };
  (ctx.state.subscriptionSchedules ??= {})[id] = schedule;
  updateSubscription(ctx, sub, () => (sub.schedule = id));
  ctx.webhooks.emit('subscription_schedule.created', schedule);
  return expand(ctx.state, schedule, params.expand());
}

/** A phase's end: its end_date, or its start plus its duration (months or years, as the emulator bills). */
function phaseEnd(p: Params, start: number, name: string): number {
  const end = p.int('end_date');
  if (end !== undefined) return end;
  const duration = p.obj('duration');
  if (!duration) throw missingParam(`${name}[end_date]`);
  const interval = duration.oneOf('interval', ['month', 'year'] as const);
  const count = duration.int('interval_count') ?? 1;
  if (!interval) throw missingParam(`${name}[duration][interval]`);
  return addMonths(start, interval === 'year' ? 12 * count : count);
}

function parsePhases(ctx: Ctx, schedule: SubscriptionSchedule, sub: Subscription, list: Params[]): Phase[] {
  if (list.length === 0) throw invalidParam('phases', 'A schedule needs at least one phase.');
  const phases: Phase[] = [];
  let start = list[0]?.int('start_date');
  if (start === undefined) throw missingParam('phases[0][start_date]');
  if (schedule.current_phase && start !== schedule.current_phase.start_date) {
    throw badState(
      'You cannot change the start date of the current phase of an active subscription schedule.',
    );
  }
  list.forEach((p, i) => {
    const name = `phases[${i}]`;
    const given = p.int('start_date');
    if (i > 0 && given !== undefined && given !== start)
      throw invalidParam(`${name}[start_date]`, 'Phases must be contiguous.');
    const end = phaseEnd(p, start as number, name);
    if (end <= (start as number))
      throw invalidParam(`${name}[end_date]`, 'A phase must end after it starts.');
    const items = p.list('items').map((item, j) => {
      const price = item.str('price');
      if (!price) throw missingParam(`${name}[items][${j}][price]`);
      if (!ctx.state.prices[price])
        throw invalidParam(`${name}[items][${j}][price]`, `No such price: '${price}'`);
      return phaseItem(price, item.int('quantity') ?? 1);
    });
    if (items.length === 0) throw missingParam(`${name}[items]`);
    const proration = p.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const);
    phases.push(newPhase(sub, start as number, end, items, proration ?? 'create_prorations'));
    start = end;
  });
  return phases;
}

function update({ ctx, params, path }: ApiRequest) {
  params.allowOnly(['phases', 'end_behavior', 'proration_behavior', 'metadata', 'expand']);
  const schedule = getSchedule(ctx, path.id as string);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw badState(
      `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
    );
  }
  const sub = getSubscription(ctx, schedule.subscription ?? '', 'id');
  if (params.has('phases')) schedule.phases = parsePhases(ctx, schedule, sub, params.list('phases'));
  const first = schedule.phases[0];
  if (first) schedule.current_phase = { start_date: first.start_date, end_date: first.end_date };
  schedule.end_behavior =
    params.oneOf('end_behavior', ['release', 'cancel'] as const) ?? schedule.end_behavior;
  schedule.metadata = params.metadata(schedule.metadata ?? {});
  ctx.webhooks.emit('subscription_schedule.updated', schedule);
  return expand(ctx.state, schedule, params.expand());
}

function release({ ctx, params, path }: ApiRequest) {
  params.allowOnly(['preserve_cancel_date', 'expand']);
  const schedule = getSchedule(ctx, path.id as string);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw badState(
      `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
    );
  }
  const sub = schedule.subscription ? ctx.state.subscriptions[schedule.subscription] : undefined;
  schedule.status = 'released';
  schedule.released_at = ctx.clock.now();
  schedule.released_subscription = schedule.subscription;
  schedule.subscription = null;
  schedule.current_phase = null;
  if (sub) updateSubscription(ctx, sub, () => (sub.schedule = null));
  ctx.webhooks.emit('subscription_schedule.released', schedule);
  return expand(ctx.state, schedule, params.expand());
}

/** Stripe refuses changes to when a subscription ends while a schedule manages it. */
export function refuseCancellationChange(sub: Subscription, params: Params): void {
  if (sub.schedule && (params.has('cancel_at_period_end') || params.has('cancel_at'))) {
    throw badState(
      `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
    );
  }
}

export const subscriptionScheduleRoutes: Route[] = [
  route('POST', '/v1/subscription_schedules', create),
  route('GET', '/v1/subscription_schedules', ({ ctx, params }) => {
    const customer = params.str('customer');
    const schedules = Object.values(ctx.state.subscriptionSchedules ?? {}).filter(
      (s) => !customer || s.customer === customer,
    );
    return listAnswer(ctx.state, schedules, params, '/v1/subscription_schedules');
  }),
  route('GET', '/v1/subscription_schedules/:id', ({ ctx, params, path }) =>
    expand(ctx.state, getSchedule(ctx, path.id as string), params.expand()),
  ),
  route('POST', '/v1/subscription_schedules/:id', update),
  route('POST', '/v1/subscription_schedules/:id/release', release),
];
