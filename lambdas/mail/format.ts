// How mails write dates and amounts: dates in UTC (Stripe's periods and our license dates are instants,
// and a mail cannot know the reader's zone), amounts in US dollars from Stripe's cents.

const DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "December 5, 2026", from an ISO 8601 time or epoch seconds. */
export const day = (at: string | number): string =>
  DAY.format(typeof at === 'number' ? new Date(at * 1000) : new Date(at));

/** "$30.00", from an amount in cents. */
export const money = (cents: number, currency = 'usd'): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** "1 license", "3 licenses". */
export const licenses = (n: number): string => `${n} license${n === 1 ? '' : 's'}`;

/** "Visa ending in 4242". */
export const cardName = (card: { brand: string; last4: string }): string =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`;
