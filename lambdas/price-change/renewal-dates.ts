// The dates a monthly subscription renews on: Stripe bills a monthly price on the billing cycle
// anchor's day of each month, or the month's last day when it is shorter (an anchor on the 31st
// renews on February 28).

function monthsAfter(anchor: number, months: number): number {
  const a = new Date(anchor * 1000);
  const year = a.getUTCFullYear();
  const month = a.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return (
    Date.UTC(
      year,
      month,
      Math.min(a.getUTCDate(), lastDay),
      a.getUTCHours(),
      a.getUTCMinutes(),
      a.getUTCSeconds(),
    ) / 1000
  );
}

/**
 * The first renewal at or after `date` (epoch seconds), given the next renewal (`nextRenewal`, the
 * current period's end) and the anchor whose day the renewals keep.
 */
export function firstRenewalOnOrAfter(nextRenewal: number, anchor: number, date: number): number {
  if (nextRenewal >= date) return nextRenewal;
  let months = Math.max(1, Math.round((nextRenewal - anchor) / (30.44 * 86400)));
  let renewal = monthsAfter(anchor, months);
  while (renewal < nextRenewal) renewal = monthsAfter(anchor, ++months);
  while (renewal < date) renewal = monthsAfter(anchor, ++months);
  return renewal;
}
