import type { Subscription } from '../../api-client/types';
import type { SubscriptionActions } from './subscription-actions';

/**
 * Where this site pays the subscription's open invoice: Update Card after a renewal failed (a new card
 * pays the open invoice at once); otherwise none. A checkout's first invoice is never listed
 * (get-invoices): the page's notice continues that checkout.
 */
export function payPathFor(
  subscription: Subscription | null,
  actions: SubscriptionActions,
): string | undefined {
  if (!subscription) return undefined;
  if (actions.notice === 'pastDue' || actions.notice === 'unpaid') {
    return `/update-card?sid=${encodeURIComponent(subscription.id)}`;
  }
  return undefined;
}
