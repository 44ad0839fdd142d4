import React from 'react';
import type { Subscription } from '../../api-client/types';
import { AddLicenses } from './AddLicenses';
import { CancelSubscription } from './CancelSubscription';
import { RefundOffer } from './RefundOffer';
import type { SubscriptionActions } from './subscription-actions';

interface SubscriptionChangesProps {
  uid: string;
  customerId: string;
  subscription: Subscription;
  actions: SubscriptionActions;
  /** After licenses were added: the page reads its data again. */
  onAdded: () => void;
  /** After a cancellation or a refund: the page says `message` and reads its data again. */
  onChanged: (message: string) => void;
}

/** What the buyer can do to a subscription in force: add licenses, cancel, or take the guarantee's refund. */
export function SubscriptionChanges({
  uid,
  customerId,
  subscription,
  actions,
  onAdded,
  onChanged,
}: SubscriptionChangesProps) {
  return (
    <>
      {actions.add && (
        <AddLicenses customerId={customerId} subscriptionId={subscription.id} onAdded={onAdded} />
      )}
      {actions.add && (
        <CancelSubscription
          customerId={customerId}
          subscriptionId={subscription.id}
          periodEnd={subscription.currentPeriodEnd}
          onCancelled={onChanged}
        />
      )}
      {actions.live && (
        <RefundOffer uid={uid} customerId={customerId} subscription={subscription} onRefunded={onChanged} />
      )}
    </>
  );
}
