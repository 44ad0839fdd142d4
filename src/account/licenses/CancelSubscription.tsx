import React, { useState } from 'react';
import { cancelSubscription } from '../../api-client/client';
import { authErrorMessage } from '../../auth/errors';
import { formatPaddedDate } from '../../lib/dates';
import { ConfirmStep } from '../shared/ConfirmStep';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface CancelSubscriptionProps {
  customerId: string;
  subscriptionId: string;
  /** The current period's end (epoch seconds), for the question. */
  periodEnd: number | null;
  /** Told the confirmation, with the day service ends. */
  onCancelled: (message: string) => void;
}

/** Leaving in one step: every renewing license stops renewing at the period's end, after a confirmation. */
export function CancelSubscription({
  customerId,
  subscriptionId,
  periodEnd,
  onCancelled,
}: CancelSubscriptionProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);
  const until = periodEnd
    ? `until ${formatPaddedDate(periodEnd, 'seconds')}`
    : 'until the end of the current period';

  const cancel = () =>
    run(async () => {
      setError('');
      try {
        const { endsAt } = await cancelSubscription({ customerId, subscriptionId });
        setConfirming(false);
        onCancelled(
          `Your subscription is cancelled: no license renews, and nothing more will be charged. Your licenses work until ${
            endsAt ? formatPaddedDate(endsAt) : 'the end of the current period'
          }.`,
        );
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <section className="account-section" aria-labelledby="cancel-subscription">
      <h2 id="cancel-subscription">Cancel Subscription</h2>
      {confirming ? (
        <ConfirmStep
          label="Cancel the subscription"
          confirmText="Confirm Cancellation"
          busy={busy}
          error={error}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirming(false)}
        >
          <p>Stop every license from renewing? They keep working {until}, and nothing more is charged.</p>
        </ConfirmStep>
      ) : (
        <>
          <p>
            Stop every license from renewing, in one step. You can keep a license renewing again until the
            period ends.
          </p>
          <button className="button" type="button" onClick={() => setConfirming(true)}>
            Cancel Subscription
          </button>
        </>
      )}
    </section>
  );
}
