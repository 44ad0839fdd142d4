import { useCallback } from 'react';
import { renewLicenses } from '../../api-client/client';
import type { Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

/**
 * "Keep renewing" on a removed license: renew-licenses for that key, then the page's data again.
 * Answers an error message, or null once it renews.
 */
export function useRenewLicense(
  customerId: string | null | undefined,
  subscription: Subscription | null,
  reload: () => Promise<unknown>,
) {
  return useCallback(
    async (key: string): Promise<string | null> => {
      if (!customerId || !subscription) return null;
      try {
        await renewLicenses({ customerId, subscriptionId: subscription.id, licenseKeys: [key] });
        await reload();
        return null;
      } catch (err) {
        return authErrorMessage(err, 'billing');
      }
    },
    [customerId, subscription, reload],
  );
}
