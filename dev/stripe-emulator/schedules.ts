import { updateSubscription } from './billing';
import type { Ctx } from './context';
import type { SubscriptionSchedule } from './objects';
import { applyChanges, planItemChanges } from './subscription-items';
import { prorationLines } from './proration';

// What a subscription schedule does as the clock passes its phases' ends (Stripe's guide: "When a
// phase starts, Stripe updates the subscription based on the next phase's attributes"; "A subscription
// schedule is completed after the last phase is finished ... the subscription is released from the
// schedule"). renewals.ts runs a transition due at a renewal before the renewal, so the renewal bills
// the new phase's prices.

/** The active schedule whose current phase ends first, at or before `until`. */
export function transitionDue(
  ctx: Ctx,
  until: number,
): { schedule: SubscriptionSchedule; at: number } | undefined {
  let next: { schedule: SubscriptionSchedule; at: number } | undefined;
  for (const schedule of Object.values(ctx.state.subscriptionSchedules ?? {})) {
    const at = schedule.status === 'active' ? schedule.current_phase?.end_date : undefined;
    if (at !== undefined && at <= until && (!next || at < next.at)) next = { schedule, at };
  }
  return next;
}

/** Ends the current phase at `at`: the next one's items replace the subscription's, or the schedule completes. */
export function transition(ctx: Ctx, schedule: SubscriptionSchedule, at: number): void {
  const sub = schedule.subscription ? ctx.state.subscriptions[schedule.subscription] : undefined;
  const index = schedule.phases.findIndex((p) => p.start_date === schedule.current_phase?.start_date);
  const phase = schedule.phases[index + 1];
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    schedule.status = 'canceled';
    schedule.canceled_at = at;
    schedule.current_phase = null;
    ctx.webhooks.emit('subscription_schedule.canceled', schedule);
    return;
  }
  if (!phase) {
    schedule.status = 'completed';
    schedule.completed_at = at;
    schedule.current_phase = null;
    updateSubscription(ctx, sub, () => (sub.schedule = null));
    ctx.webhooks.emit('subscription_schedule.completed', schedule);
    return;
  }
  // The phase's items replace the subscription's: same price kept (its quantity set), others swapped.
  const specs = phase.items.map((item, i) => {
    const current = sub.items.data[i];
    return { id: current?.id, price: item.price, quantity: item.quantity ?? 1 };
  });
  const changes = planItemChanges(ctx, sub, specs);
  if (phase.proration_behavior !== 'none') {
    const lines = changes.flatMap((c) => prorationLines(ctx, sub, c, at));
    if (lines.length) (ctx.state.pendingLines[sub.id] ??= []).push(...lines);
  }
  updateSubscription(ctx, sub, () => applyChanges(sub, changes));
  schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
  ctx.webhooks.emit('subscription_schedule.updated', schedule);
}
