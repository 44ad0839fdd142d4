import React, { type ReactNode } from 'react';
import { Link } from 'gatsby';
import type { Subscription } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import type { SubscriptionNoticeKind } from './subscription-actions';

interface SubscriptionNoticeProps {
  kind: SubscriptionNoticeKind;
  subscription: Subscription;
  /** The notice's controls: Keep Renewing with 'ending', Continue and Cancel Checkout with 'checkoutStarted'. */
  children?: ReactNode;
}

/** What a subscription's state means for the subscriber's licenses, and what they can do about it. */
export function SubscriptionNotice({ kind, subscription, children }: SubscriptionNoticeProps) {
  const updateCard = (
    <Link to={`/update-card?sid=${encodeURIComponent(subscription.id)}`}>Update your card</Link>
  );
  const end = subscription.currentPeriodEnd
    ? formatPaddedDate(subscription.currentPeriodEnd, 'seconds')
    : null;
  switch (kind) {
    case 'checkoutStarted': {
      // What was started, not a subscription: it has no period and owes nothing until it is paid.
      const count = subscription.renewLicenseCount;
      return (
        <div className="message message--notice" role="status">
          <p>
            <strong>
              You started buying {count} {count === 1 ? 'license' : 'licenses'} on{' '}
              {formatPaddedDate(subscription.created, 'seconds')}.
            </strong>{' '}
            Nothing has been charged: continue the checkout to pay for {count === 1 ? 'it' : 'them'}, or
            cancel it.
          </p>
          {children}
        </div>
      );
    }
    case 'ending':
      return (
        <div className="message message--notice" role="status">
          <p>
            Your subscription ends {end ? `on ${end}` : 'at the end of the current period'}. Your licenses
            work until then, and nothing more is charged.
          </p>
          {children}
        </div>
      );
    case 'pastDue':
      return (
        <div className="message message--error" role="alert">
          Your last payment did not go through. Your licenses stop working unless the payment succeeds.{' '}
          {updateCard} to pay now.
        </div>
      );
    case 'unpaid':
      return (
        <div className="message message--error" role="alert">
          Your payments did not go through, so your licenses are suspended. {updateCard} to pay the open
          invoice and turn them back on.
        </div>
      );
    case 'paused':
      return (
        <div className="message message--error" role="alert">
          Your subscription is paused, so your licenses do not work. {updateCard} to continue.
        </div>
      );
    case 'canceled':
      // No date: Stripe may end a subscription before its period does (unpaid, deleted customer).
      return (
        <p className="message message--notice" role="status">
          Your subscription has ended. Buy licenses below to start a new one.
        </p>
      );
    case 'checkoutCancelled':
      return (
        <p className="message message--notice" role="status">
          Your checkout was cancelled before it was paid, so nothing was charged. Buy licenses below to start
          again.
        </p>
      );
    case 'expired':
      return (
        <p className="message message--notice" role="status">
          Your last checkout was not paid in time, so it was closed and nothing was charged. Buy licenses
          below to start again.
        </p>
      );
  }
}
