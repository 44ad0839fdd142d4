import React, { useState } from 'react';
import { downloadInvoicesCsv } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

/** The billing history as a CSV file for a bookkeeper, downloaded by the browser. */
export function DownloadCsv({ uid }: { uid: string }) {
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(300);

  const save = () =>
    run(async () => {
      setError('');
      try {
        await downloadInvoicesCsv(uid);
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <>
      <FormMessage kind="error">{error}</FormMessage>
      <div className="button-row">
        <button className="button" type="button" disabled={busy} onClick={() => void save()}>
          Download CSV
        </button>
      </div>
    </>
  );
}
