import React, { useState } from 'react';
import { resumeSubscription } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface KeepRenewingProps {
  customerId: string;
  subscriptionId: string;
  onRenewing: () => void;
}

/** A subscription set to end at period end renews again, with the licenses removed last. */
export function KeepRenewing({ customerId, subscriptionId, onRenewing }: KeepRenewingProps) {
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const keep = () =>
    run(async () => {
      setError('');
      try {
        await resumeSubscription({ customerId, subscriptionId });
        onRenewing();
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <>
      <button className="button button--primary" type="button" disabled={busy} onClick={() => void keep()}>
        Keep Renewing
      </button>
      <FormMessage kind="error">{error}</FormMessage>
    </>
  );
}
