import React from 'react';
import type { Subscription } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import { licenseCountLabel } from '../../lib/pluralize';
import { formatCents } from '../shared/money';

/** The subscription's next charge, from get-subscriptions (our records); nothing when none will come. */
export function NextCharge({ subscription }: { subscription: Subscription }) {
  const charge = subscription.nextCharge;
  if (!charge) return null;
  return (
    <p className="next-charge">
      Next charge: <strong>{formatCents(charge.amount, charge.currency)}</strong> on{' '}
      {formatPaddedDate(charge.date)}, for {licenseCountLabel(subscription.renewLicenseCount)} renewing.
    </p>
  );
}
