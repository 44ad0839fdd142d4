import React from 'react';
import { Link } from 'gatsby';
import type { Subscription } from '../../api-client/types';
import { NextCharge } from './NextCharge';
import { PriceChangeNotice } from './PriceChangeNotice';
import type { SubscriptionActions } from './subscription-actions';
import { SubscriptionSummary } from './SubscriptionSummary';

/** What the buyer reads of a subscription in force: its summary, a price change, the next charge, Update Card. */
export function SubscriptionSection({
  subscription,
  actions,
}: {
  subscription: Subscription;
  actions: SubscriptionActions;
}) {
  const sid = encodeURIComponent(subscription.id);
  return (
    <section className="account-section" aria-labelledby="subscription">
      <h2 id="subscription">Subscription</h2>
      <SubscriptionSummary subscription={subscription} />
      <PriceChangeNotice subscription={subscription} />
      <NextCharge subscription={subscription} />
      <div className="button-row">
        {actions.updateCard && (
          <Link className="button" to={`/update-card?sid=${sid}`}>
            Update Card
          </Link>
        )}
      </div>
    </section>
  );
}
