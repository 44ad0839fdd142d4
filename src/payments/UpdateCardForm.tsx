import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { updateCard } from '../api-client/client';
import { FormFooter } from '../account/shared/FormFooter';
import { withNote } from '../account/shared/RedirectNote';
import { useAuthForm } from '../account/shared/use-auth-form';
import { CardholderFields } from './CardholderFields';
import { paymentSomethingWrong } from './payment-messages';

/** A new card for the subscription: createPaymentMethod, then update-card, then back to /licenses. */
export function UpdateCardForm({ subscriptionId }: { subscriptionId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const { busy, error, submit } = useAuthForm('billing', 500);

  const onSubmit = submit(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !name.trim()) return;
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: name.trim() },
    });
    if (result.error) return result.error.message ?? paymentSomethingWrong();
    await updateCard({ subscriptionId, paymentMethodId: result.paymentMethod.id });
    await navigate(withNote('/licenses', 'cardUpdated'));
  });

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <CardholderFields name={name} onNameChange={setName} />
      <FormFooter error={error} busy={busy} label="Update Card" disabled={!stripe || !name.trim()} />
    </form>
  );
}
