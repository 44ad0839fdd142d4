import React from 'react';
import { Link } from 'gatsby';
import type { Subscription } from '../../api-client/types';
import { CancelCheckout } from './CancelCheckout';

interface CheckoutActionsProps {
  customerId: string;
  subscription: Subscription;
  onCancelled: () => void;
}

/** A checkout not paid yet: back to its payment (the client secret of its first invoice), or drop it. */
export function CheckoutActions({ customerId, subscription, onCancelled }: CheckoutActionsProps) {
  const secret = subscription.clientSecret;
  return (
    <div className="button-row">
      {secret && (
        <Link
          className="button button--primary"
          to={`/checkout?sec=${encodeURIComponent(secret)}&count=${subscription.renewLicenseCount}`}
        >
          Continue Checkout
        </Link>
      )}
      <CancelCheckout customerId={customerId} subscriptionId={subscription.id} onCancelled={onCancelled} />
    </div>
  );
}
