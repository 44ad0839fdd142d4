import React, { useState, type ReactNode } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import { getStripe } from './stripe-loader';

/** Stripe Elements around a card form; Stripe.js starts loading when this mounts. */
export function StripeProvider({ children }: { children: ReactNode }) {
  const [stripe] = useState(getStripe);
  return <Elements stripe={stripe}>{children}</Elements>;
}
