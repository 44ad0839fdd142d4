import React, { useEffect, useState } from 'react';
import { getRefundEligibility, requestRefund } from '../../api-client/client';
import type { RefundEligibility, Subscription } from '../../api-client/types';
import { authErrorMessage } from '../../auth/errors';
import { formatPaddedDate } from '../../lib/dates';
import { ConfirmStep } from '../shared/ConfirmStep';
import { formatCents } from '../shared/money';
import { useSubmitGuard } from '../shared/use-submit-guard';

interface RefundOfferProps {
  uid: string;
  customerId: string;
  subscription: Subscription;
  /** Told the confirmation once the refund is made. */
  onRefunded: (message: string) => void;
}

/** A subscription asked about only while its first month could still be running (the BFF decides). */
const MAYBE_IN_WINDOW_SECONDS = 32 * 24 * 3600;

/**
 * The satisfaction guarantee's offer, shown only while it applies (refund-eligibility): the amount and
 * the deadline, and the refund itself after a confirmation. While the subscription is young and the
 * guarantee does not apply, the rule that says so (the first month passed, licenses used in the year
 * before, the household's refund this year) instead, with no offer.
 */
export function RefundOffer({ uid, customerId, subscription, onRefunded }: RefundOfferProps) {
  const [offer, setOffer] = useState<RefundEligibility | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  useEffect(() => {
    if (Date.now() / 1000 - subscription.created >= MAYBE_IN_WINDOW_SECONDS) return undefined;
    let live = true;
    // Through a promise chain, so that any failure (even of the call itself) only leaves the offer out.
    Promise.resolve()
      .then(() => getRefundEligibility(uid))
      .then(
        (answer) => {
          if (live) setOffer(answer);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
    // Asked again with every read of the subscription: adding licenses (or any change) changes the amount.
  }, [uid, subscription]);

  if (!offer) return null;
  if (!offer.eligible) {
    // Why a subscription in (or just past) its first month has no offer; nothing when there is no payment.
    if (!offer.message || offer.reason === 'NO_PAYMENT') return null;
    return (
      <section className="account-section" aria-labelledby="guarantee">
        <h2 id="guarantee">Satisfaction Guarantee</h2>
        <p>{offer.message}</p>
      </section>
    );
  }
  const amount = formatCents(offer.amount, offer.currency);
  const deadline = offer.deadline ? formatPaddedDate(offer.deadline) : null;

  const refund = () =>
    run(async () => {
      setError('');
      try {
        const done = await requestRefund({ customerId, subscriptionId: subscription.id });
        setConfirming(false);
        setOffer(null);
        onRefunded(
          `We refunded ${formatCents(done.amount, done.currency)} to your card. Your subscription and its licenses have ended, and a confirmation is on its way to your email.`,
        );
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });

  return (
    <section className="account-section" aria-labelledby="guarantee">
      <h2 id="guarantee">Satisfaction Guarantee</h2>
      <p>
        Not satisfied? You can have every payment of this subscription back, {amount}
        {deadline ? `, until ${deadline}` : ''}. The subscription and its licenses end when the refund is
        made.
      </p>
      {confirming ? (
        <ConfirmStep
          label="Request the refund"
          confirmText="Confirm Refund"
          busy={busy}
          error={error}
          onConfirm={() => void refund()}
          onCancel={() => setConfirming(false)}
        >
          <p>Refund {amount} and end the subscription and every one of its licenses now?</p>
        </ConfirmStep>
      ) : (
        <button className="button" type="button" onClick={() => setConfirming(true)}>
          Request a Refund
        </button>
      )}
    </section>
  );
}
