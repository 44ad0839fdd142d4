import type { PhasePlan } from '../lib/stripe/schedules';
import type { PendingPriceChange } from './pending-change';

// What a subscription's schedule should hold for a coming price change (pure): the current price and
// quantity until the change, then the new price at the same quantity for one period, after which the
// schedule releases the subscription at the new price. None when nothing should change: no change
// coming, the new price already billed, the subscription ending, or the date passed.

export interface SubscriptionState {
  status: string;
  cancelAtPeriodEnd: boolean;
  price: string;
  quantity: number;
  /** The current phase's start (the schedule's, when one exists; else the period's). */
  phaseStart: number;
  now: number;
}

export function plannedPhases(
  s: SubscriptionState,
  change: PendingPriceChange | undefined,
): PhasePlan[] | undefined {
  if (
    !change ||
    change.priceId === s.price ||
    s.cancelAtPeriodEnd ||
    ['canceled', 'incomplete', 'incomplete_expired'].includes(s.status) ||
    change.appliesAt <= s.now
  )
    return undefined;
  return [
    { start: s.phaseStart, end: change.appliesAt, price: s.price, quantity: s.quantity },
    // One period at the new price (a month long), after which the schedule lets the subscription go on.
    { start: change.appliesAt, price: change.priceId, quantity: s.quantity },
  ];
}

/** Whether the schedule's phases already say what `wanted` says. */
export function samePhases(
  current: readonly {
    start_date: number;
    end_date: number;
    items: readonly { price: unknown; quantity?: number }[];
  }[],
  wanted: readonly PhasePlan[],
): boolean {
  return (
    current.length === wanted.length &&
    wanted.every((w, i) => {
      const c = current[i];
      const item = c?.items[0];
      const price =
        typeof item?.price === 'string' ? item.price : (item?.price as { id?: string } | undefined)?.id;
      return (
        c?.start_date === w.start &&
        (w.end === undefined || c.end_date === w.end) &&
        c.items.length === 1 &&
        price === w.price &&
        item?.quantity === w.quantity
      );
    })
  );
}
