import React, { useState } from 'react';
import { ConfirmStep } from '../shared/ConfirmStep';
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
    <ConfirmStep
      label={`Remove license ${licenseKey}`}
      confirmText="Confirm Remove"
      busy={busy}
      error={error}
      onConfirm={() => void remove()}
      onCancel={() => setConfirming(false)}
    >
      <span>Stop renewing this license? It stays valid until the end of the current period.</span>
    </ConfirmStep>
  );
}
