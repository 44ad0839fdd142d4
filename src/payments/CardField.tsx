import React, { useId, useMemo } from 'react';
import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useCardStyle } from './card-style';

/** The card field: number, MM/YY and CVC, without the postal code (the billing details form asks for it). */
export function CardField({ onChange }: { onChange?: (event: StripeCardElementChangeEvent) => void }) {
  const id = useId();
  const style = useCardStyle();
  const options = useMemo(() => ({ hidePostalCode: true, style }), [style]);
  return (
    <div className="field">
      <span className="field__label" id={id}>
        Card
      </span>
      <div className="card-field" role="group" aria-labelledby={id}>
        <CardElement options={options} onChange={onChange} />
      </div>
    </div>
  );
}
