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

/** What is bought, what is charged today, and what is charged every month after, beside the card form. */
export function OrderSummary({ count, amountDue, currency }: OrderSummaryProps) {
  return (
    <section className="account-section order-summary" aria-labelledby="order-summary">
      <h2 id="order-summary">Order summary</h2>
      <dl className="order-summary__lines">
        <div className="order-summary__line">
          <dt>
            {licenseCountLabel(count)} × {formatCents(amountDue / count, currency)}
          </dt>
          <dd>{formatCents(amountDue, currency)} per month</dd>
        </div>
        <div className="order-summary__line order-summary__total">
          <dt>Due today</dt>
          <dd>{formatCents(amountDue, currency)}</dd>
        </div>
      </dl>
      <p className="order-summary__then">
        Then <strong>{recurringStatement(count, siteConfig.licensePriceUsd)}</strong>.
      </p>
    </section>
  );
}
