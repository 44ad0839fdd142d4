import type { Subscription } from '../../api-client/types';
import type { SubscriptionActions } from './subscription-actions';

/**
 * Where this site pays the subscription's open invoice: Continue Checkout while the first payment is
 * due, Update Card after a renewal failed (a new card pays the open invoice at once); otherwise none.
 */
export function payPathFor(
  subscription: Subscription | null,
  actions: SubscriptionActions,
): string | undefined {
  if (!subscription) return undefined;
  if (actions.continueCheckout && subscription.clientSecret) {
    return `/checkout?sec=${encodeURIComponent(subscription.clientSecret)}&count=${subscription.renewLicenseCount}`;
  }
  if (actions.notice === 'pastDue' || actions.notice === 'unpaid') {
    return `/update-card?sid=${encodeURIComponent(subscription.id)}`;
  }
  return undefined;
}
