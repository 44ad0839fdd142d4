import type { Subscription } from '../../api-client/types';

/** What the page says about the subscription's state, beside its summary (SubscriptionNotice). */
export type SubscriptionNoticeKind =
  | 'checkoutStarted'
  | 'ending'
  | 'pastDue'
  | 'unpaid'
  | 'paused'
  | 'canceled'
  | 'checkoutCancelled'
  | 'expired';

export interface SubscriptionActions {
  buy: boolean;
  /** Awaiting its first payment: Continue Checkout, or Cancel Checkout to drop it. */
  continueCheckout: boolean;
  add: boolean;
  updateCard: boolean;
  /** Active but set to end at period end: Stripe still lets it renew again. */
  keepRenewing: boolean;
  /** In force: a removed license still in its paid period can renew again. */
  renewAgain: boolean;
  notice: SubscriptionNoticeKind | null;
  /**
   * Started and not ended: its summary shows and renewing licenses can be removed. Not a checkout
   * awaiting its first payment: nothing runs or is owed until it is paid, so only its notice shows.
   */
  live: boolean;
}

const NONE: SubscriptionActions = {
  buy: true,
  continueCheckout: false,
  add: false,
  updateCard: false,
  keepRenewing: false,
  renewAgain: false,
  notice: null,
  live: false,
};

/**
 * What the licenses page offers for every Stripe status: no subscription shows Buy Licenses; incomplete is
 * a checkout not paid yet, one notice with Continue Checkout and Cancel Checkout (no summary: it has no
 * period nor debt until paid); any other live status offers Update Card; only active (or trialing) adds
 * licenses. An ended subscription (canceled, incomplete_expired) is as none, with a word on what
 * happened. One that ends at period end cannot grow (the BFF refuses) but can keep renewing; it is
 * still in force, so buying again waits until it has ended (setup-checkout refuses it until then).
 */
export function subscriptionActions(sub: Subscription | null): SubscriptionActions {
  if (!sub) return NONE;
  switch (sub.status) {
    case 'canceled':
      // Never paid (no card was ever recorded): a checkout the user cancelled, not an ended subscription.
      return { ...NONE, notice: sub.cardLast4 ? 'canceled' : 'checkoutCancelled' };
    case 'incomplete_expired':
      return { ...NONE, notice: 'expired' };
    case 'incomplete':
      return { ...NONE, buy: false, continueCheckout: true, notice: 'checkoutStarted' };
    case 'active':
    case 'trialing':
      return {
        ...NONE,
        buy: false,
        add: !sub.cancelAtPeriodEnd,
        updateCard: true,
        keepRenewing: sub.cancelAtPeriodEnd,
        renewAgain: true,
        notice: sub.cancelAtPeriodEnd ? 'ending' : null,
        live: true,
      };
    case 'past_due':
      return { ...NONE, buy: false, updateCard: true, notice: 'pastDue', live: true };
    case 'unpaid':
      return { ...NONE, buy: false, updateCard: true, notice: 'unpaid', live: true };
    case 'paused':
      return { ...NONE, buy: false, updateCard: true, notice: 'paused', live: true };
    default:
      // A status Stripe adds later: manageable through its card, nothing more.
      return { ...NONE, buy: false, updateCard: true, live: true };
  }
}
