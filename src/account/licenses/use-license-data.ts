import { useCallback, useEffect, useState } from 'react';
import { getLicenses, getSubscriptions } from '../../api-client/client';
import type { LicenseData, Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

/** Spec point 9: the licenses page spinner clears 1000 ms after the data arrived. */
const SPINNER_HOLD_MS = 1000;

export interface LicensePageData {
  licenses: LicenseData;
  subscription: Subscription | null;
}

/** Licenses and subscription of the user, with a reload after each change. */
export function useLicenseData(uid: string) {
  const [data, setData] = useState<LicensePageData | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    () =>
      Promise.all([getLicenses(uid), getSubscriptions(uid)]).then(
        ([licenses, subs]) => {
          setData({ licenses, subscription: subs.subscriptions[0] ?? null });
          setError('');
        },
        (err: unknown) => setError(authErrorMessage(err, 'billing')),
      ),
    [uid],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void Promise.all([getLicenses(uid), getSubscriptions(uid)])
      .then(
        ([licenses, subs]) => {
          if (live) setData({ licenses, subscription: subs.subscriptions[0] ?? null });
        },
        (err: unknown) => {
          if (live) setError(authErrorMessage(err, 'billing'));
        },
      )
      .then(() => {
        if (live) timer = setTimeout(() => setLoading(false), SPINNER_HOLD_MS);
      });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [uid]);

  return { data, error, loading, reload: load };
}
