import { useEffect, useState } from 'react';
import { getInvoices } from '../../api-client/client';
import type { Invoice } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';

/**
 * The caller's invoices, read again whenever `reloadWhen` changes (the licenses page passes its data,
 * which it reloads after each purchase or add, each of which makes an invoice). Rows already shown
 * stay while a reload runs, so the section does not flash.
 */
export function useInvoices(reloadWhen: unknown) {
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    getInvoices().then(
      (list) => {
        if (!live) return;
        setInvoices(list.invoices);
        setError('');
      },
      (err: unknown) => {
        if (live) setError(authErrorMessage(err, 'billing'));
      },
    );
    return () => {
      live = false;
    };
  }, [reloadWhen]);

  return { invoices, error };
}
