import React from 'react';
import { siteConfig } from '../../config';
import { licenseCountLabel } from '../../lib/pluralize';
import { recurringStatement } from '../../lib/recurring-statement';
import { formatCents } from '../shared/money';

interface OrderSummaryProps {
  count: number;
  /** The first invoice's amount (cents), as Stripe will charge it now. */
  amountDue: number;
  currency: string;
}

/** What is bought, what is charged today, and what is charged every month after, before the card form. */
export function OrderSummary({ count, amountDue, currency }: OrderSummaryProps) {
  return (
    <section className="order-summary" aria-labelledby="order-summary">
      <h2 id="order-summary">Order summary</h2>
      <p className="checkout-total">
        {licenseCountLabel(count)} × {formatCents(amountDue / count, currency)} ={' '}
        <strong>{formatCents(amountDue, currency)} per month</strong>, charged today.
      </p>
      <p>
        Then <strong>{recurringStatement(count, siteConfig.licensePriceUsd)}</strong>.
      </p>
    </section>
  );
}
