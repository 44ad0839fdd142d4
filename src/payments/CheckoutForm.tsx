import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { completeCheckout } from '../api-client/client';
import { FormFooter } from '../account/shared/FormFooter';
import { withNote } from '../account/shared/RedirectNote';
import { useAuthForm } from '../account/shared/use-auth-form';
import { CardholderFields } from './CardholderFields';
import { PAYMENT_FAILED, paymentSomethingWrong } from './payment-messages';

interface CheckoutFormProps {
  uid: string;
  /** The subscription's first-payment client secret (`sec`). */
  clientSecret: string;
  /** Called once the payment is made and recorded, before leaving for /licenses. */
  onPaid?: () => void;
  /** Runs as Pay is selected, before the card is charged (recording the terms accepted); a failure stops the payment. */
  beforePay?: () => Promise<unknown>;
  /** The id of what Pay agrees to (the terms line under the form), read with the button. */
  payDescribedBy?: string;
}

/** Pays the first invoice with confirmCardPayment, then records the card (complete-checkout). */
export function CheckoutForm({ uid, clientSecret, onPaid, beforePay, payDescribedBy }: CheckoutFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const { busy, error, submit } = useAuthForm('billing', 200);

  const onSubmit = submit(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !name.trim()) return;
    await beforePay?.();
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: name.trim() } },
    });
    if (result.error) return result.error.message ?? paymentSomethingWrong();
    const intent = result.paymentIntent;
    if (intent.status === 'requires_payment_method') return PAYMENT_FAILED;
    if (intent.status !== 'succeeded') return paymentSomethingWrong();
    const pm = intent.payment_method;
    await completeCheckout({ uid, pmid: typeof pm === 'string' ? pm : (pm?.id ?? '') });
    onPaid?.();
    await navigate(withNote('/licenses', 'paid'));
  });

  return (
    <form className="account-form" onSubmit={onSubmit}>
      <CardholderFields name={name} onNameChange={setName} />
      <FormFooter
        error={error}
        busy={busy}
        label="Pay"
        disabled={!stripe || !name.trim()}
        describedBy={payDescribedBy}
      />
    </form>
  );
}
