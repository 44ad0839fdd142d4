// A coming price change as the subscription carries it in its Stripe metadata, so every reader of the
// subscription (the webhook's schedule alignment, the licenses page's cached state) knows it without
// another lookup: `stockbench_price_change` = "<price id> <applies at, epoch s> <unit amount> <currency>".

export const PRICE_CHANGE_FIELD = 'stockbench_price_change';

export interface PendingPriceChange {
  priceId: string;
  /** The renewal from which the new price is charged (epoch seconds). */
  appliesAt: number;
  /** The new price per license per month, in cents. */
  unitAmount: number;
  currency: string;
}

export const formatPendingChange = (c: PendingPriceChange): string =>
  `${c.priceId} ${c.appliesAt} ${c.unitAmount} ${c.currency}`;

export function pendingChangeOf(
  metadata: Record<string, string> | null | undefined,
): PendingPriceChange | undefined {
  const [priceId, appliesAt, unitAmount, currency] = (metadata?.[PRICE_CHANGE_FIELD] ?? '').split(' ');
  const at = Number(appliesAt);
  const amount = Number(unitAmount);
  if (!priceId || !currency || !Number.isInteger(at) || !Number.isInteger(amount)) return undefined;
  return { priceId, appliesAt: at, unitAmount: amount, currency };
}
