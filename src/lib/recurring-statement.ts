// What a buyer agrees to pay, in words, computed from the one price setting (src/config.ts
// licensePriceUsd) and the number of licenses, never typed: the checkout's order summary says it.

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** "$30.00 every month until you cancel; cancel any time on the Licenses page". */
export const recurringStatement = (count: number, priceUsd: number): string =>
  `${usd(count * priceUsd)} every month until you cancel; cancel any time on the Licenses page`;
