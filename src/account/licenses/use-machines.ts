import { useCallback, useEffect, useState } from 'react';
import { getMachines } from '../../api-client/client';
import type { LicenseMachines } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

/**
 * The machines of the licenses the user pays for or holds, loaded on their own (a failure shows in the
 * Devices section only), with a reload after a sign-out.
 */
export function useMachines(uid: string) {
  const [licenses, setLicenses] = useState<LicenseMachines[] | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setLicenses((await getMachines(uid)).licenses);
      setError('');
    } catch (err) {
      setError(authErrorMessage(err, 'billing'));
    } finally {
      setLoading(false);
    }
  }, [uid]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Machines per license key (what each license row shows). */
  const counts = new Map((licenses ?? []).map((l) => [l.key, l.machines.length]));
  return { licenses, counts, error, loading, reload: load };
}
