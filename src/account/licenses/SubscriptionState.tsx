import React from 'react';
import type { Subscription } from '../../api-client/types';
import { CheckoutActions } from './CheckoutActions';
import { KeepRenewing } from './KeepRenewing';
import type { SubscriptionActions } from './subscription-actions';
import { SubscriptionNotice } from './SubscriptionNotice';

interface SubscriptionStateProps {
  customerId: string | null | undefined;
  subscription: Subscription;
  actions: SubscriptionActions;
  /** After the checkout was cancelled or the subscription renews again: the page reads its data again. */
  onChanged: () => void;
}

/** What the buyer reads of a subscription not simply in force (a checkout started, ending, past due...), and what to do. */
export function SubscriptionState({ customerId, subscription, actions, onChanged }: SubscriptionStateProps) {
  if (!actions.notice) return null;
  return (
    <SubscriptionNotice kind={actions.notice} subscription={subscription}>
      {actions.continueCheckout && customerId && (
        <CheckoutActions customerId={customerId} subscription={subscription} onCancelled={onChanged} />
      )}
      {actions.keepRenewing && customerId && (
        <KeepRenewing customerId={customerId} subscription={subscription} onRenewing={onChanged} />
      )}
    </SubscriptionNotice>
  );
}
