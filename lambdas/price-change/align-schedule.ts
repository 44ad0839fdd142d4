import { licenseItem, type Stripe } from '../lib/stripe';
import { activeScheduleOf } from '../lib/stripe/objects';
import { releaseSchedule, scheduleFromSubscription, setSchedulePhases } from '../lib/stripe/schedules';
import { pendingChangeOf } from './pending-change';
import { plannedPhases, samePhases } from './schedule-plan';

// Keeps a subscription's schedule in line with the price change it carries: the script that announces
// a change calls this, and so does the Stripe webhook after each sync, so a quantity changed since
// (licenses added or removed), a cancellation undone or a change of mind moves the schedule with it
// (its next phase names a quantity, which would otherwise replace the one bought). Run under the
// account's lease, with `sub` read under it (SUBSCRIPTION_EXPAND includes its schedule).

export async function alignPriceSchedule(
  sub: Stripe.Subscription,
  now = Math.floor(Date.now() / 1000),
): Promise<void> {
  const schedule = activeScheduleOf(sub);
  const item = licenseItem(sub);
  const wanted = plannedPhases(
    {
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      price: item.price.id,
      quantity: item.quantity ?? 0,
      phaseStart: schedule?.current_phase?.start_date ?? item.current_period_start,
      now,
    },
    pendingChangeOf(sub.metadata),
  );
  if (!wanted) {
    // Only a schedule of ours holds a price change; one past its change (the new price billed) has
    // done its work.
    if (schedule && pendingChangeOf(sub.metadata)) await releaseSchedule(schedule.id);
    return;
  }
  if (schedule && samePhases(schedule.phases, wanted)) return;
  const target = schedule ?? (await scheduleFromSubscription(sub.id));
  const first = wanted[0];
  if (first) first.start = target.current_phase?.start_date ?? first.start;
  await setSchedulePhases(target.id, wanted);
}
