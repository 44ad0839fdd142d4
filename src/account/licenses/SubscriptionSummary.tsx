import React from 'react';
import type { Subscription } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';

const date = (epoch: number | null) => (epoch ? formatPaddedDate(epoch, 'seconds') : '-');

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  incomplete: 'Awaiting payment',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete_expired: 'Expired',
  trialing: 'Trial',
  paused: 'Paused',
};

function statusLabel(subscription: Subscription): string {
  const label = STATUS_LABELS[subscription.status] ?? subscription.status;
  if (!subscription.cancelAtPeriodEnd) return label;
  return subscription.currentPeriodEnd
    ? `${label}, ends ${date(subscription.currentPeriodEnd)}`
    : `${label}, ends at period end`;
}

export function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  return (
    <dl className="summary">
      <dt>Status</dt>
      <dd>{statusLabel(subscription)}</dd>
      <dt>Active licenses</dt>
      <dd>{subscription.activeLicenseCount}</dd>
      <dt>Renewing licenses</dt>
      <dd>{subscription.renewLicenseCount}</dd>
      <dt>Started</dt>
      <dd>{date(subscription.created)}</dd>
      <dt>Current period</dt>
      <dd>
        {date(subscription.currentPeriodStart)} to {date(subscription.currentPeriodEnd)}
      </dd>
      <dt>Card</dt>
      <dd>
        {subscription.cardBrand && subscription.cardLast4
          ? `${subscription.cardBrand.toUpperCase()} ending in ${subscription.cardLast4}`
          : 'None'}
      </dd>
    </dl>
  );
}
