import { collect, createInvoice, defaultPaymentMethod, updateSubscription } from './billing';
import type { Ctx } from './context';
import type { Subscription } from './objects';
import { cycleLine } from './proration';
import { cancelNow, periodEnd } from './resources/subscriptions';

/** Incomplete subscriptions whose first invoice stays unpaid expire after 23 hours. */
const INCOMPLETE_TTL = 23 * 60 * 60;

function dueAt(sub: Subscription): number | undefined {
  if (sub.status === 'incomplete') return (sub.created as number) + INCOMPLETE_TTL;
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return undefined;
  const ends = sub.items.data.map((i) => i.current_period_end);
  return ends.length > 0 ? Math.min(...ends) : undefined;
}

function renew(ctx: Ctx, sub: Subscription, at: number): void {
  const pending = ctx.state.pendingLines[sub.id] ?? [];
  Reflect.deleteProperty(ctx.state.pendingLines, sub.id);
  const previousStart = sub.items.data[0]?.current_period_start ?? at;
  let invoiceId = '';
  updateSubscription(ctx, sub, () => {
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodEnd(item.price, item.current_period_start);
    }
    const invoice = createInvoice(ctx, {
      customer: sub.customer,
      sub,
      lines: [...pending, ...sub.items.data.map((item) => cycleLine(ctx, sub, item))],
      billingReason: 'subscription_cycle',
      periodStart: previousStart,
      periodEnd: at,
    });
    sub.latest_invoice = invoice.id;
    invoiceId = invoice.id;
  });
  const invoice = ctx.state.invoices[invoiceId];
  if (!invoice) return;
  const failure = collect(ctx, invoice, defaultPaymentMethod(ctx, sub, sub.customer));
  if (failure && sub.status === 'active') updateSubscription(ctx, sub, () => (sub.status = 'past_due'));
}

/**
 * Brings every subscription up to the clock's "now", oldest due first, so events come out in the
 * order they would have happened: expirations, cancellations at period end, renewals.
 */
export function runDue(ctx: Ctx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const now = ctx.clock.now();
    for (const sub of Object.values(ctx.state.subscriptions)) {
      if (sub.pending_update && sub.pending_update.expires_at <= now) {
        updateSubscription(ctx, sub, () => (sub.pending_update = null));
      }
    }
    let next: { sub: Subscription; at: number } | undefined;
    for (const sub of Object.values(ctx.state.subscriptions)) {
      const at = dueAt(sub);
      if (at !== undefined && at <= now && (!next || at < next.at)) next = { sub, at };
    }
    if (!next) return;
    const { sub, at } = next;
    if (sub.status === 'incomplete') {
      updateSubscription(ctx, sub, () => {
        sub.status = 'incomplete_expired';
        sub.ended_at = at;
      });
    } else if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= at)) {
      cancelNow(ctx, sub, at);
    } else {
      renew(ctx, sub, at);
    }
  }
}
