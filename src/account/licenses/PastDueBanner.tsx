import React from 'react';
import { Link } from 'gatsby';

export function PastDueBanner({ subscriptionId }: { subscriptionId: string }) {
  return (
    <div className="message message--error" role="alert">
      Your last payment did not go through. Your licenses stop working unless the payment succeeds.{' '}
      <Link to={`/update-card?sid=${encodeURIComponent(subscriptionId)}`}>Update your card</Link> to pay now.
    </div>
  );
}
