import { getCodes, getName } from 'country-list';

// Countries by their ISO 3166-1 alpha-2 codes (the form Stripe takes in an address), with their English
// names: the billing-details contract accepts only these codes, and the form offers them by name.

/** The country's English name for an upper-case ISO 3166-1 alpha-2 code; undefined for anything else. */
export const countryName = (code: string): string | undefined =>
  /^[A-Z]{2}$/.test(code) ? getName(code) : undefined;

/** Every country, by name. */
export const COUNTRIES: { code: string; name: string }[] = getCodes()
  .map((code) => ({ code, name: getName(code) ?? code }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
