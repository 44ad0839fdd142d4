import { applyItems } from './billing';
import { addMonths } from './clock';
import type { Ctx } from './context';
import { badState, missingParam, noSuch } from './errors';
import { clone } from './json';
import type { Price, Subscription, SubscriptionItem } from './objects';
import type { Params } from './params';
import type { ItemChange } from './proration';
import { newId } from './store';

// A subscription's items: made from a price and a quantity, and changed as a list of specs (what the
// update, invoice-preview and schedule endpoints each receive) that is planned first and applied after.

/** A subscription's price recurs (one-time prices are refused as Stripe refuses them). */
function recurringOf(price: Price): NonNullable<Price['recurring']> {
  if (!price.recurring) {
    throw badState(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
    );
  }
  return price.recurring;
}

export function periodEnd(price: Price, start: number): number {
  const { interval, interval_count: n } = recurringOf(price);
  if (interval === 'day') return start + n * 86400;
  if (interval === 'week') return start + n * 7 * 86400;
  return addMonths(start, interval === 'year' ? 12 * n : n);
}

function planOf(price: Price): SubscriptionItem['plan'] {
  const { interval, interval_count } = recurringOf(price);
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created as number,
    currency: price.currency,
    interval,
    interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname as string | null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function newItem(
  ctx: Ctx,
  subId: string,
  price: Price,
  quantity: number,
  period: { start: number; end: number },
): SubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: ctx.clock.now(),
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: clone(price),
    quantity,
    subscription: subId,
    tax_rates: [],
  };
}

export function priceParam(ctx: Ctx, item: Params, index: number): Price {
  const id = item.reqStr('price');
  const price = ctx.state.prices[id];
  if (!price) throw noSuch(id, `items[${index}][price]`);
  return price;
}

export function quantityParam(item: Params, fallback: number): number {
  const q = item.int('quantity') ?? fallback;
  if (q < 0) throw badState('Invalid quantity: must be zero or more', 'parameter_invalid_integer');
  return q;
}

export type ItemSpec = { id?: string; price?: string; quantity?: number; deleted?: boolean };

export function itemSpecs(params: Params | undefined, key = 'items'): ItemSpec[] {
  if (!params) return [];
  return params.list(key).map((p) => ({
    id: p.str('id'),
    price: p.str('price'),
    quantity: p.int('quantity'),
    deleted: p.bool('deleted'),
  }));
}

/** Works out what each item becomes; nothing is stored here. */
export function planItemChanges(
  ctx: Ctx,
  sub: Subscription,
  specs: ItemSpec[],
  paramKey = 'items',
): ItemChange[] {
  const { start, end } = {
    start: sub.items.data[0]?.current_period_start ?? ctx.clock.now(),
    end: sub.items.data[0]?.current_period_end ?? ctx.clock.now(),
  };
  return specs.map((spec, i) => {
    const price = spec.price ? ctx.state.prices[spec.price] : undefined;
    if (spec.price && !price) throw noSuch(spec.price, `${paramKey}[${i}][price]`);
    let before: SubscriptionItem | undefined;
    if (spec.id) {
      before = sub.items.data.find((item) => item.id === spec.id);
      if (!before) throw noSuch(spec.id, `${paramKey}[${i}][id]`);
    } else if (price) {
      before = sub.items.data.find((item) => item.price.id === price.id);
    } else {
      throw missingParam(`${paramKey}[${i}][price]`);
    }
    if (spec.deleted) return { before };
    if (!before) return { after: newItem(ctx, sub.id, price as Price, spec.quantity ?? 1, { start, end }) };
    const after = clone(before);
    if (price && price.id !== before.price.id) {
      after.price = clone(price);
      after.plan = planOf(price);
    }
    const quantity = spec.quantity ?? before.quantity ?? 0;
    after.quantity = quantity;
    if (quantity < 0) throw badState('Invalid quantity: must be zero or more', 'parameter_invalid_integer');
    return { before, after };
  });
}

export function applyChanges(sub: Subscription, changes: ItemChange[]): void {
  const removed = new Set(changes.filter((c) => !c.after && c.before).map((c) => c.before?.id));
  sub.items.data = sub.items.data.filter((i) => !removed.has(i.id));
  applyItems(
    sub,
    changes.flatMap((c) => (c.after ? [c.after] : [])),
  );
}
