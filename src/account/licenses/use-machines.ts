import { useCallback, useEffect, useState } from 'react';
import { getMachines } from '../../api-client/client';
import type { LicenseMachines } from '../../api-client/types';
import type { MachineLimit } from '../../lib/license-terms';
import { authErrorMessage } from '../../auth/errors';

/**
 * The machines of the licenses the user pays for or holds, loaded on their own (a failure shows in the
 * Devices section only), with a reload after a sign-out or a change of holder.
 */
export function useMachines(uid: string) {
  const [licenses, setLicenses] = useState<LicenseMachines[] | null>(null);
  // The deployment's limit, as validate-license applies it (none by default).
  const [limit, setLimit] = useState<MachineLimit>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const read = useCallback(
    (live: () => boolean = () => true) =>
      getMachines(uid).then(
        (answer) => {
          if (!live()) return;
          setLicenses(answer.licenses);
          setLimit(answer.machineLimit);
          setError('');
        },
        (err: unknown) => {
          if (live()) setError(authErrorMessage(err, 'billing'));
        },
      ),
    [uid],
  );

  useEffect(() => {
    let live = true;
    void read(() => live).finally(() => {
      if (live) setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [read]);

  const reload = useCallback(async () => {
    setLoading(true);
    await read();
    setLoading(false);
  }, [read]);

  /** Machines per license key (what each license row shows). */
  const counts = new Map((licenses ?? []).map((l) => [l.key, l.machines.length]));
  return { licenses, limit, counts, error, loading, reload };
}
