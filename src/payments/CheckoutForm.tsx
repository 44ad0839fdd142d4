import React, { useState, type FormEvent } from 'react';
import { navigate } from 'gatsby';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { completeCheckout } from '../api-client/client';
import { authErrorMessage } from '../auth/errors';
import { FormFooter } from '../account/shared/FormFooter';
import { useSubmitGuard } from '../account/shared/use-submit-guard';
import { CardholderFields } from './CardholderFields';
import { PAYMENT_FAILED, paymentSomethingWrong } from './payment-messages';

interface CheckoutFormProps {
  uid: string;
  /** The subscription's first-payment client secret (`sec`). */
  clientSecret: string;
}

/** Pays the first invoice with confirmCardPayment, then records the card (complete-checkout). */
export function CheckoutForm({ uid, clientSecret }: CheckoutFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(200);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !name.trim()) return;
    void run(async () => {
      setError('');
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: name.trim() } },
      });
      if (result.error) return setError(result.error.message ?? paymentSomethingWrong());
      const intent = result.paymentIntent;
      if (intent.status === 'succeeded') {
        const pm = intent.payment_method;
        const pmid = typeof pm === 'string' ? pm : (pm?.id ?? '');
        try {
          await completeCheckout({ uid, pmid });
          await navigate('/licenses');
        } catch (err) {
          setError(authErrorMessage(err, 'billing'));
        }
      } else if (intent.status === 'requires_payment_method') {
        setError(PAYMENT_FAILED);
      } else {
        setError(paymentSomethingWrong());
      }
    });
  };

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <CardholderFields name={name} onNameChange={setName} />
      <FormFooter error={error} busy={busy} label="Pay" disabled={!stripe || !name.trim()} />
    </form>
  );
}
