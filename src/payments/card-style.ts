import { useEffect, useState } from 'react';
import type { StripeElementStyle } from '@stripe/stripe-js';

// Stripe's card frame paints its own text and sees none of the page's CSS: it is given the site's
// colours (tokens.css) for the scheme shown now, and given them again when the scheme changes while the
// page is open. The box behind the frame is the page's own (`.card-field`), so it follows the scheme in CSS.

const DARK = '(prefers-color-scheme: dark)';

/** The Style object (Stripe.js: "The Style object") from the colour tokens as the page computes them now. */
function currentCardStyle(): StripeElementStyle {
  const tokens = getComputedStyle(document.documentElement);
  // A token the page does not define (no stylesheet, as in component tests) is left to Stripe's default.
  const token = (name: string): { color?: string } => {
    const value = tokens.getPropertyValue(name).trim();
    return value ? { color: value } : {};
  };
  const muted = token('--color-text-muted').color;
  const danger = token('--color-danger-text').color;
  const font = tokens.getPropertyValue('--font-sans').trim();
  return {
    base: {
      ...token('--color-text'),
      ...(muted ? { iconColor: muted } : {}),
      ...(font ? { fontFamily: font } : {}),
      // 16 px, as the page's inputs: a phone zooms into a field with smaller text.
      fontSize: '16px',
      '::placeholder': token('--color-text-muted'),
    },
    invalid: { ...(danger ? { color: danger, iconColor: danger } : {}) },
  };
}

/** The card field's style for the scheme shown, updated as the scheme changes (client only). */
export function useCardStyle(): StripeElementStyle {
  const [style, setStyle] = useState(currentCardStyle);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(DARK);
    const read = () => setStyle(currentCardStyle());
    query.addEventListener('change', read);
    return () => query.removeEventListener('change', read);
  }, []);
  return style;
}
