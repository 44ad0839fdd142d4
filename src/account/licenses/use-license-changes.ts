import { useCallback, useState } from 'react';
import { removeLicenses } from '../../api-client/client';
import type { LicenseView, Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

interface Reloads {
  /** Reads the page's licenses and subscription again. */
  reload: () => Promise<unknown>;
  /** Shows one license as it is now, without reading everything again. */
  updateLicense: (license: LicenseView) => void;
  /** Reads the machines again. */
  reloadMachines: () => Promise<unknown>;
}

/**
 * What follows each change the buyer makes on the licenses page: the message it leaves (an assignment's,
 * a cancellation's, a refund's), a purchase refused because a subscription is in force, and the data
 * read again. Another change makes an earlier message stale.
 */
export function useLicenseChanges(
  customerId: string | null | undefined,
  subscription: Subscription | null,
  { reload, updateLicense, reloadMachines }: Reloads,
) {
  const [announcement, setAnnouncement] = useState('');
  // A purchase refused because a subscription is in force: said above that subscription, once shown.
  const [refusal, setRefusal] = useState('');

  const onAssignmentChanged = useCallback(
    (license: LicenseView, message: string) => {
      updateLicense(license);
      setAnnouncement(message);
      // A change of holder signs out the former holder's machines.
      void reloadMachines();
    },
    [updateLicense, reloadMachines],
  );

  const reloadAfterChange = useCallback(() => {
    setAnnouncement('');
    setRefusal('');
    void reload();
  }, [reload]);

  const onBuyRefused = useCallback(
    (message: string) => {
      setRefusal(message);
      void reload();
    },
    [reload],
  );

  const onRemove = useCallback(
    async (key: string): Promise<string | null> => {
      if (!customerId || !subscription) return null;
      setAnnouncement('');
      try {
        await removeLicenses({ customerId, subscriptionId: subscription.id, licenseKeys: [key] });
        await reload();
        return null;
      } catch (err) {
        return authErrorMessage(err, 'billing');
      }
    },
    [customerId, subscription, reload],
  );

  // A change whose confirmation outlives the reload it causes (a cancellation, a refund).
  const reloadWith = useCallback(
    (message: string) => {
      setAnnouncement(message);
      void reload();
    },
    [reload],
  );

  return {
    announcement,
    refusal,
    onAssignmentChanged,
    reloadAfterChange,
    onBuyRefused,
    onRemove,
    reloadWith,
  };
}
