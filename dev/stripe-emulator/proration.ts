import { buildLine, productName } from './invoice-lines';
import type { Ctx } from './context';
import type { LineItem, Price, Subscription, SubscriptionItem } from './objects';

/** One item's change: its state before (absent for a new item) and after (absent when deleted). */
export type ItemChange = { before?: SubscriptionItem; after?: SubscriptionItem };

function dateLabel(epoch: number): string {
  return new Date(epoch * 1000).toUTCString().slice(5, 16);
}

/**
 * Proration for a change at `at`: unit_amount x added quantity x (remaining / period length),
 * in cents. Stripe shows it as a credit for the unused time on the old quantity and a charge for
 * the remaining time on the new one; the credit is derived so the two sum to that formula.
 */
export function prorationLines(ctx: Ctx, sub: Subscription, change: ItemChange, at: number): LineItem[] {
  const ref = change.after ?? change.before;
  if (!ref) return [];
  const start = ref.current_period_start;
  const end = ref.current_period_end;
  const fraction = end > start ? Math.max(0, Math.min(1, (end - at) / (end - start))) : 0;
  if (fraction === 0) return [];
  const oldQty = change.before?.quantity ?? 0;
  const newQty = change.after?.quantity ?? 0;
  const oldPrice: Price | undefined = change.before?.price;
  const newPrice: Price | undefined = change.after?.price;
  const samePrice = oldPrice?.id === newPrice?.id;
  if (samePrice && oldQty === newQty) return [];
  const charge = newPrice ? Math.round((newPrice.unit_amount ?? 0) * newQty * fraction) : 0;
  const net =
    samePrice && newPrice
      ? Math.round((newPrice.unit_amount ?? 0) * (newQty - oldQty) * fraction)
      : charge - (oldPrice ? Math.round((oldPrice.unit_amount ?? 0) * oldQty * fraction) : 0);
  const credit = net - charge;
  const period = { start: at, end };
  const lines: LineItem[] = [];
  if (change.before && oldQty > 0) {
    lines.push(
      buildLine({
        sub,
        item: change.before,
        amount: credit,
        quantity: oldQty,
        description: `Unused time on ${oldQty} × ${productName(ctx, change.before)} after ${dateLabel(at)}`,
        period,
        proration: true,
      }),
    );
  }
  if (change.after && newQty > 0) {
    lines.push(
      buildLine({
        sub,
        item: change.after,
        amount: charge,
        quantity: newQty,
        description: `Remaining time on ${newQty} × ${productName(ctx, change.after)} after ${dateLabel(at)}`,
        period,
        proration: true,
      }),
    );
  }
  return lines;
}

/** The line a full period of an item bills. */
export function cycleLine(ctx: Ctx, sub: Subscription, item: SubscriptionItem): LineItem {
  // The emulator's prices are per unit and recurring, its items licensed: each has both.
  const unitAmount = item.price.unit_amount ?? 0;
  const quantity = item.quantity ?? 0;
  return buildLine({
    sub,
    item,
    amount: unitAmount * quantity,
    quantity,
    description: `${quantity} × ${productName(ctx, item)} (at $${(unitAmount / 100).toFixed(2)} / ${item.price.recurring?.interval ?? 'month'})`,
    period: { start: item.current_period_start, end: item.current_period_end },
    proration: false,
  });
}
