import React, { useState } from 'react';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface RemoveLicenseProps {
  licenseKey: string;
  onRemove: (key: string) => Promise<string | null>;
}

/** Remove, after a confirmation; the license stays valid until the end of the period. */
export function RemoveLicense({ licenseKey, onRemove }: RemoveLicenseProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  if (!confirming) {
    return (
      <button className="button button--small" type="button" onClick={() => setConfirming(true)}>
        Remove
      </button>
    );
  }
  const remove = () =>
    run(async () => {
      const failure = await onRemove(licenseKey);
      if (failure) setError(failure);
      else setConfirming(false);
    });
  return (
    <div className="confirm" role="group" aria-label={`Remove license ${licenseKey}`}>
      <span>Stop renewing this license? It stays valid until the end of the current period.</span>
      <button
        className="button button--small button--danger"
        type="button"
        disabled={busy}
        onClick={() => void remove()}
      >
        Confirm Remove
      </button>
      <button
        className="button button--small"
        type="button"
        disabled={busy}
        onClick={() => setConfirming(false)}
      >
        Cancel
      </button>
      <FormMessage kind="error">{error}</FormMessage>
    </div>
  );
}
