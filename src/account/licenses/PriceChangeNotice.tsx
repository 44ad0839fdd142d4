import React from 'react';
import type { Subscription } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * A new price announced by mail and not charged yet: what a license will cost and from which renewal,
 * with the way out. Nothing while the subscription is set to end (it ends first).
 */
export function PriceChangeNotice({ subscription }: { subscription: Subscription }) {
  const change = subscription.priceChange;
  if (!change || subscription.cancelAtPeriodEnd) return null;
  const from = formatPaddedDate(change.appliesAt, 'seconds');
  return (
    <p className="message message--notice" role="status">
      From your renewal on {from}, each license costs {money(change.unitAmount, change.currency)} a month.
      Nothing changes before then; to stop at the current price, remove your licenses before {from}.
    </p>
  );
}
