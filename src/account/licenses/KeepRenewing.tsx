import React, { useState } from 'react';
import { resumeSubscription } from '../../api-client/client';
import type { Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { formatPaddedDate } from '../../lib/dates';
import { FormMessage } from '../shared/FormMessage';
import { formatCents } from '../shared/money';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface KeepRenewingProps {
  customerId: string;
  subscription: Pick<Subscription, 'id' | 'keepRenewingCharge'>;
  onRenewing: () => void;
}

/** What renewing again will charge and when, from get-subscriptions (our records of the subscription). */
function chargeText(charge: Subscription['keepRenewingCharge']): string {
  if (!charge) return 'Your licenses renew at the end of the current period and every month after that.';
  return `${formatCents(charge.amount, charge.currency)} will be charged on ${formatPaddedDate(
    charge.date,
  )}, and every month after that until you cancel. Nothing is charged now.`;
}

/**
 * A subscription set to end at period end renews again, with the licenses removed last: first a
 * confirmation that says what will be charged and when, then the change.
 */
export function KeepRenewing({ customerId, subscription, onRenewing }: KeepRenewingProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const keep = () =>
    run(async () => {
      setError('');
      try {
        await resumeSubscription({ customerId, subscriptionId: subscription.id });
        setConfirming(false);
        onRenewing();
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  if (!confirming) {
    return (
      <button className="button button--primary" type="button" onClick={() => setConfirming(true)}>
        Keep Renewing
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label="Keep renewing">
      <p>Keep your subscription renewing? {chargeText(subscription.keepRenewingCharge)}</p>
      <button
        className="button button--small button--primary"
        type="button"
        disabled={busy}
        onClick={() => void keep()}
      >
        Confirm Keep Renewing
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
