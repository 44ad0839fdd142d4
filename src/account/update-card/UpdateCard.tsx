import React from 'react';
import { Link } from 'gatsby';
import { StripeProvider } from '../../payments/StripeProvider';
import { UpdateCardForm } from '../../payments/UpdateCardForm';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';
import type { SessionUser } from '../../auth/session';
import { OwnSubscriptionGate } from './OwnSubscriptionGate';

/** /update-card?sid: a new card for the subscription, once it is known to be the user's own. */
export function UpdateCard({ user }: { user: SessionUser }) {
  const sid = queryParam('sid') ?? '';
  if (!sid) {
    return (
      <>
        <FormMessage kind="error">No subscription was given.</FormMessage>
        <p>
          <Link to="/licenses">Back to your licenses</Link>.
        </p>
      </>
    );
  }
  return (
    <OwnSubscriptionGate uid={user.uid} sid={sid}>
      <StripeProvider>
        <UpdateCardForm subscriptionId={sid} />
        <p>
          <Link to="/licenses">Cancel</Link>
        </p>
      </StripeProvider>
    </OwnSubscriptionGate>
  );
}
