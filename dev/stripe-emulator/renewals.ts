import {
  chargeInvoice,
  collect,
  createInvoice,
  defaultPaymentMethod,
  updateSubscription,
  voidOpenInvoice,
} from './billing';
import type { Ctx } from './context';
import type { Invoice, Subscription } from './objects';
import { cycleLine } from './proration';
import { cancelNow } from './resources/subscriptions';
import { periodEnd } from './subscription-items';
import { transition, transitionDue } from './schedules';

/** Incomplete subscriptions whose first invoice stays unpaid expire after 23 hours. */
const INCOMPLETE_TTL = 23 * 60 * 60;
/**
 * A renewal that fails is tried again, like Stripe's automatic retries (whose timing Stripe chooses):
 * here every 3 days, 4 attempts in all; after the last the subscription stays past due (one of the
 * outcomes Stripe's settings offer) and `next_payment_attempt` is null.
 */
const RETRY_EVERY = 3 * 24 * 60 * 60;
const ATTEMPTS = 4;

function scheduleRetry(invoice: Invoice, after: number): void {
  invoice.next_payment_attempt =
    invoice.status === 'open' && invoice.attempt_count < ATTEMPTS ? after + RETRY_EVERY : null;
}

/** Open renewal invoices whose next attempt is due. */
function retryDue(ctx: Ctx, now: number): { invoice: Invoice; at: number } | undefined {
  let next: { invoice: Invoice; at: number } | undefined;
  for (const invoice of Object.values(ctx.state.invoices)) {
    const at = invoice.next_payment_attempt;
    if (invoice.status === 'open' && at !== null && at <= now && (!next || at < next.at))
      next = { invoice, at };
  }
  return next;
}

function retry(ctx: Ctx, invoice: Invoice, at: number): void {
  const subId = invoice.parent?.subscription_details?.subscription;
  const sub = typeof subId === 'string' ? ctx.state.subscriptions[subId] : undefined;
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    invoice.next_payment_attempt = null;
    return;
  }
  chargeInvoice(ctx, invoice, defaultPaymentMethod(ctx, sub, sub.customer));
  scheduleRetry(invoice, at);
}

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
  if (failure) scheduleRetry(invoice, at);
  if (failure && sub.status === 'active') updateSubscription(ctx, sub, () => (sub.status = 'past_due'));
}

/**
 * Brings every subscription up to the clock's "now", oldest due first, so events come out in the
 * order they would have happened: expirations, cancellations at period end, renewals, retries.
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
    // A schedule's phase that ends at or before the next renewal starts first, so the renewal bills it.
    const phaseEnd = transitionDue(ctx, Math.min(now, next?.at ?? now));
    if (phaseEnd) {
      transition(ctx, phaseEnd.schedule, phaseEnd.at);
      continue;
    }
    const retrying = retryDue(ctx, now);
    if (retrying && (!next || retrying.at < next.at)) {
      retry(ctx, retrying.invoice, retrying.at);
      continue;
    }
    if (!next) return;
    const { sub, at } = next;
    if (sub.status === 'incomplete') {
      // Stripe: a first invoice unpaid after 23 hours expires the subscription, and its open invoice
      // is voided.
      const first = sub.latest_invoice ? ctx.state.invoices[sub.latest_invoice] : undefined;
      if (first?.status === 'open') voidOpenInvoice(ctx, first, at);
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
