import React, { useEffect, useState, type ReactNode } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { getStripe } from './stripe-loader';

// Stripe Elements around a card form; Stripe.js starts loading when this mounts. When it cannot load
// (an ad blocker or privacy extension, a network error), the form could never work: the user is told
// why and can try again, instead of facing a card form with no card field and a button that never
// enables.

const load = (): Promise<Stripe | null> => getStripe().catch(() => null);

export function StripeProvider({ children }: { children: ReactNode }) {
  // Each try is its own Elements (it takes its Stripe promise once), keyed by the try's number.
  const [attempt, setAttempt] = useState(() => ({ n: 0, stripe: load() }));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void attempt.stripe.then((stripe) => {
      if (current && !stripe) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  if (failed) {
    return (
      <div className="message message--error" role="alert">
        <p>
          The card form could not load. Stripe, our payment processor, provides it from js.stripe.com, and
          something stopped it: often an ad blocker or privacy extension, or a network problem. Allow
          js.stripe.com or check your connection, then try again. Nothing has been charged.
        </p>
        <button
          className="button"
          type="button"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => ({ n: a.n + 1, stripe: load() }));
          }}
        >
          Try Again
        </button>
      </div>
    );
  }
  return (
    <Elements key={attempt.n} stripe={attempt.stripe}>
      {children}
    </Elements>
  );
}
