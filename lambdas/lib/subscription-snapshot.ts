// A subscription's state as the BFF keeps it: what the Stripe adapter reads out of Stripe's object (stripe/snapshot.ts)
// and what the account item caches (repository/accounts.ts). Its own module, so that neither adapter
// depends on the other's types.

export interface SubscriptionSnapshot {
  subscriptionId: string;
  /** Epoch seconds; orders subscriptions so an old one never replaces a newer pointer. */
  subscriptionCreated: number;
  subscriptionStatus: string;
  /** Stripe quantity of the license price. */
  quantity: number;
  /** Licenses that renew at the next period: 0 once the subscription cancels at period end. */
  renewing: number;
  cancelAtPeriodEnd: boolean;
  periodStart?: number;
  periodEnd?: number;
  /** When it ended, on Stripe's clock (epoch seconds); unset while it has not. */
  endedAt?: number;
  /** The license price in the smallest unit of `currency` (cents), as Stripe bills it. */
  unitAmount?: number;
  currency?: string;
  cardBrand?: string;
  cardLast4?: string;
  /** The card's expiry (month 1-12, year): the card-expiry notice job finds cards to warn about. */
  cardExpMonth?: number;
  cardExpYear?: number;
  /** A coming price change not charged yet (lambdas/price-change/): the new price and the renewal it starts at. */
  priceChange?: { unitAmount: number; currency: string; appliesAt: number };
  /** When this state was read from Stripe (epoch ms): an older read never replaces a newer one. */
  observedAt: number;
}
