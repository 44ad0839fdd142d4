import React, { useState } from 'react';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface RenewLicenseProps {
  licenseKey: string;
  /** Answers an error message, or null once the license renews again. */
  onRenew: (key: string) => Promise<string | null>;
}

/** A removed license still in its paid period renews monthly again, keeping its key. */
export function RenewLicense({ licenseKey, onRenew }: RenewLicenseProps) {
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);
  const renew = () =>
    run(async () => {
      setError('');
      const failure = await onRenew(licenseKey);
      if (failure) setError(failure);
    });
  return (
    <>
      <button
        className="button button--small"
        type="button"
        disabled={busy}
        aria-label={`Keep Renewing license ${licenseKey}`}
        onClick={() => void renew()}
      >
        Keep Renewing
      </button>
      <FormMessage kind="error">{error}</FormMessage>
    </>
  );
}
