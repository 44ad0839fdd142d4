import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { accountConfig } from '../account-config';

// Stripe.js loads only when a card form mounts (the pure entry never injects it on import). Locally
// the emulator's stand-in is loaded first from GATSBY_STRIPE_JS_URL; loadStripe then uses that
// window.Stripe, so the same card form runs locally and in production.

let stripePromise: Promise<Stripe | null> | null = null;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Failed to load ${src}`));
    document.head.appendChild(script);
  });
}

export function getStripe(): Promise<Stripe | null> {
  if (!stripePromise) {
    stripePromise = (async () => {
      const { jsUrl, publishableKey } = accountConfig.stripe;
      if (jsUrl && !('Stripe' in window)) await loadScript(jsUrl);
      return loadStripe(publishableKey);
    })().catch((error: unknown) => {
      stripePromise = null; // let a later mount try again
      throw error;
    });
  }
  return stripePromise;
}
