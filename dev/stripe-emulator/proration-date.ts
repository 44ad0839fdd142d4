import type { Ctx } from './context';
import { invalidParam } from './errors';
import type { Subscription } from './objects';

// When a change is prorated, as Stripe decides it. "Now" is the customer's: a customer on a test clock
// lives at the clock's frozen time (the global clock may be further on, moved by another test clock).
// A proration date given by the caller must lie within the subscription's current period (the
// create-preview reference says so for `subscription_details.proration_date`; an update is held to the
// same, as it applies exactly the date a preview used).

/** Stripe's "now" for `customerId`: its test clock's frozen time, else the emulator's clock. */
export function nowFor(ctx: Ctx, customerId: string): number {
  const clockId = ctx.state.customers[customerId]?.test_clock;
  const clock = typeof clockId === 'string' ? ctx.state.testClocks[clockId] : undefined;
  return clock ? clock.frozen_time : ctx.clock.now();
}

/** The proration date of a change to `sub`: `given` (named `param`) if it is in the period, else now. */
export function prorationDateOf(
  ctx: Ctx,
  sub: Subscription,
  given: number | undefined,
  param: string,
): number {
  if (given === undefined) return nowFor(ctx, sub.customer);
  const item = sub.items.data[0];
  if (item && (given < item.current_period_start || given > item.current_period_end)) {
    throw invalidParam(
      param,
      `The proration date must be within the current subscription period (${item.current_period_start} to ${item.current_period_end}).`,
    );
  }
  return given;
}
