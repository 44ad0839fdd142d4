import { useCallback, useEffect, useRef, useState } from 'react';
import { getHeldLicenses, getLicenses, getSubscriptions } from '../../api-client/client';
import type { HeldLicense, LicenseData, LicenseView, Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

/** The licenses page spinner clears 1000 ms after the data arrived, so the tables do not flash in. */
const SPINNER_HOLD_MS = 1000;

export interface LicensePageData {
  licenses: LicenseData;
  subscription: Subscription | null;
}

/** The user's own licenses and current subscription, read together. */
const readOwn = (uid: string): Promise<LicensePageData> =>
  Promise.all([getLicenses(uid), getSubscriptions(uid)]).then(([licenses, subs]) => ({
    licenses,
    subscription: subs.subscriptions[0] ?? null,
  }));

/**
 * Licenses and subscription of the user, with a reload after each change, and the licenses others
 * assigned to the user. Those load alongside but on their own: failing to read them never hides the
 * user's own licenses.
 */
export function useLicenseData(uid: string) {
  const [data, setData] = useState<LicensePageData | null>(null);
  const [error, setError] = useState('');
  const [held, setHeld] = useState<HeldLicense[]>([]);
  const [heldError, setHeldError] = useState('');
  const [loading, setLoading] = useState(true);
  // Reads can answer out of order (a slow network, a busy server): only the newest read is shown, so
  // an answer from before a change (a refund, a removal) never replaces the one from after it.
  const newestRead = useRef(0);

  const load = useCallback(() => {
    const read = ++newestRead.current;
    return readOwn(uid).then(
      (own) => {
        if (read !== newestRead.current) return;
        setData(own);
        setError('');
      },
      (err: unknown) => {
        if (read === newestRead.current) setError(authErrorMessage(err, 'billing'));
      },
    );
  }, [uid]);

  /** One license as an answer of the BFF shows it now (after assigning or taking back). */
  const updateLicense = useCallback((license: LicenseView) => {
    setData(
      (current) =>
        current && {
          ...current,
          licenses: {
            ...current.licenses,
            licenses: current.licenses.licenses.map((l) => (l.key === license.key ? license : l)),
          },
        },
    );
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    // The first read is a read like any other: a later one (a change made meanwhile) wins over it.
    const own = load();
    const others = getHeldLicenses(uid).then(
      (answer) => {
        if (live) setHeld(answer.licenses);
      },
      (err: unknown) => {
        if (live) setHeldError(authErrorMessage(err, 'billing'));
      },
    );
    void Promise.all([own, others]).then(() => {
      if (live) timer = setTimeout(() => setLoading(false), SPINNER_HOLD_MS);
    });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [uid, load]);

  return { data, error, held, heldError, loading, reload: load, updateLicense };
}
