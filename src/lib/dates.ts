// Content dates are calendar days (YYYY-MM-DD, or Gatsby's ISO form of them). They are read and printed in
// UTC so that a visitor west of Greenwich never sees the day before.

// en-US and UTC spelled out, so the static build, the browser and the tests print the same text.
const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const LONG = format({ month: 'long', day: 'numeric', year: 'numeric' });
const SHORT = format({ month: 'numeric', day: 'numeric', year: 'numeric' });
const PADDED = format({ month: '2-digit', day: '2-digit', year: 'numeric' });

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
}

/** 'MMMM D, YYYY', as tool pages show "Last Updated". */
export function formatLongDate(value: string | Date): string {
  return LONG.format(toDate(value));
}

/** 'M/D/YYYY', as the changelog shows. */
export function formatShortDate(value: string | Date): string {
  return SHORT.format(toDate(value));
}

/** 'MM/DD/YYYY', as license expiry and subscription dates show. Epoch seconds or a date. */
export function formatPaddedDate(value: string | Date | number, unit: 'seconds' | 'ms' = 'ms'): string {
  const d = typeof value === 'number' && unit === 'seconds' ? new Date(value * 1000) : toDate(value);
  return PADDED.format(d);
}

/** The YYYY-MM-DD part, for <time dateTime>. */
export function isoDay(value: string | Date): string {
  return toDate(value).toISOString().slice(0, 10);
}
