import type { Ctx } from './context';
import type { LineItem, Subscription, SubscriptionItem } from './objects';
import { newId } from './store';

/** An invoice line for a subscription item: its cycle's charge or a proration's credit or debit. */
export type LineSpec = {
  sub: Subscription;
  item: SubscriptionItem;
  amount: number;
  quantity: number;
  description: string;
  period: { start: number; end: number };
  proration: boolean;
};

export function productName(ctx: Ctx, item: SubscriptionItem): string {
  const name = ctx.state.products[item.price.product]?.name;
  return typeof name === 'string' ? name : 'Subscription';
}

export function buildLine(spec: LineSpec): LineItem {
  return {
    id: newId('il'),
    object: 'line_item',
    amount: spec.amount,
    currency: 'usd',
    description: spec.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: spec.proration,
        proration_details: { credited_items: null },
        subscription: spec.sub.id,
        subscription_item: spec.item.id,
      },
    },
    period: spec.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: spec.item.price.id, product: spec.item.price.product },
      unit_amount_decimal: String(spec.item.price.unit_amount),
    },
    quantity: spec.quantity,
    quantity_decimal: String(spec.quantity),
    subscription: spec.sub.id,
    subtotal: spec.amount,
    taxes: [],
  };
}
