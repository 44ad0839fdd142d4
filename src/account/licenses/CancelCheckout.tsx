import React, { useState } from 'react';
import { cancelCheckout } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface CancelCheckoutProps {
  customerId: string;
  subscriptionId: string;
  onCancelled: () => void;
}

/** Drops a checkout that awaits its first payment, so the user can start over (or not buy at all). */
export function CancelCheckout({ customerId, subscriptionId, onCancelled }: CancelCheckoutProps) {
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const cancel = () =>
    run(async () => {
      setError('');
      try {
        await cancelCheckout({ customerId, subscriptionId });
        onCancelled();
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <>
      <button className="button" type="button" disabled={busy} onClick={() => void cancel()}>
        Cancel Checkout
      </button>
      <FormMessage kind="error">{error}</FormMessage>
    </>
  );
}
