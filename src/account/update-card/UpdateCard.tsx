import React from 'react';
import { Link } from 'gatsby';
import { StripeProvider } from '../../payments/StripeProvider';
import { UpdateCardForm } from '../../payments/UpdateCardForm';
import { FormMessage } from '../shared/FormMessage';
import { queryParam } from '../shared/query';

/** /update-card?sid: a new card for the subscription. */
export function UpdateCard() {
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
    <StripeProvider>
      <UpdateCardForm subscriptionId={sid} />
      <p>
        <Link to="/licenses">Cancel</Link>
      </p>
    </StripeProvider>
  );
}
