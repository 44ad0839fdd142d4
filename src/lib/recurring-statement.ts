import { licenseCountLabel } from './pluralize';

// What a buyer agrees to pay, in words, computed from the one price setting (src/config.ts
// licensePriceUsd) and the number of licenses, never typed: the checkout's order summary says it.

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** "2 Licenses at $15.00 each per month". */
export const orderLine = (count: number, priceUsd: number): string =>
  `${licenseCountLabel(count)} at ${usd(priceUsd)} each per month`;

/** "$30.00 every month until you cancel; cancel any time on the Licenses page". */
export const recurringStatement = (count: number, priceUsd: number): string =>
  `${usd(count * priceUsd)} every month until you cancel; cancel any time on the Licenses page`;
