import React, { useState, type FormEvent } from 'react';
import { navigate } from 'gatsby';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { updateCard } from '../api-client/client';
import { authErrorMessage } from '../auth/errors';
import { FormFooter } from '../account/shared/FormFooter';
import { useSubmitGuard } from '../account/shared/use-submit-guard';
import { CardholderFields } from './CardholderFields';
import { paymentSomethingWrong } from './payment-messages';

/** A new card for the subscription: createPaymentMethod, then update-card, then back to /licenses. */
export function UpdateCardForm({ subscriptionId }: { subscriptionId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !name.trim()) return;
    void run(async () => {
      setError('');
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: name.trim() },
      });
      if (result.error) return setError(result.error.message ?? paymentSomethingWrong());
      try {
        await updateCard({ subscriptionId, paymentMethodId: result.paymentMethod.id });
        await navigate('/licenses');
      } catch (err) {
        setError(authErrorMessage(err, 'billing'));
      }
    });
  };

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <CardholderFields name={name} onNameChange={setName} />
      <FormFooter error={error} busy={busy} label="Update Card" disabled={!stripe || !name.trim()} />
    </form>
  );
}
