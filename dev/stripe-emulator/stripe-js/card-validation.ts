/**
 * The card element's checks, as Stripe.js makes them: Luhn and length for the number, a month
 * and a non-past year for the expiry, 3 digits (4 for Amex) for the CVC. Messages are Stripe.js's.
 */
export type ValidationError = { type: 'validation_error'; code: string; message: string };
export type FieldState = { complete: boolean; empty: boolean; error?: ValidationError };

export function digits(value: string): string {
  return value.replace(/\D/g, '');
}

export function cardBrand(number: string): string {
  const n = digits(number);
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  return 'unknown';
}

export function luhn(number: string): boolean {
  const n = digits(number);
  if (n.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function numberLength(brand: string): number {
  return brand === 'amex' ? 15 : 16;
}

/** Groups digits as printed on the card: 4-6-5 for Amex, groups of 4 otherwise. */
export function formatNumber(value: string): string {
  const brand = cardBrand(value);
  const n = digits(value).slice(0, brand === 'amex' ? 15 : 19);
  if (brand === 'amex') return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].filter(Boolean).join(' ');
  return (n.match(/.{1,4}/g) ?? []).join(' ');
}

export function formatExpiry(value: string): string {
  let n = digits(value).slice(0, 4);
  if (n.length === 1 && Number(n) > 1) n = `0${n}`;
  return n.length > 2 ? `${n.slice(0, 2)} / ${n.slice(2)}` : n;
}

const err = (code: string, message: string): ValidationError => ({ type: 'validation_error', code, message });

export function checkNumber(value: string): FieldState {
  const n = digits(value);
  if (n === '') return { complete: false, empty: true };
  const wanted = numberLength(cardBrand(n));
  if (n.length < wanted) {
    return {
      complete: false,
      empty: false,
      error: err('incomplete_number', 'Your card number is incomplete.'),
    };
  }
  if (!luhn(n))
    return { complete: false, empty: false, error: err('invalid_number', 'Your card number is invalid.') };
  return { complete: true, empty: false };
}

export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const n = digits(value);
  if (n.length !== 4) return undefined;
  return { month: Number(n.slice(0, 2)), year: 2000 + Number(n.slice(2)) };
}

export function checkExpiry(value: string, now: Date = new Date()): FieldState {
  const n = digits(value);
  if (n === '') return { complete: false, empty: true };
  const month = Number(n.slice(0, 2));
  if (n.length >= 2 && (month < 1 || month > 12)) {
    return {
      complete: false,
      empty: false,
      error: err('invalid_expiry_month', "Your card's expiration date is invalid."),
    };
  }
  const parsed = parseExpiry(n);
  if (!parsed) {
    return {
      complete: false,
      empty: false,
      error: err('incomplete_expiry', "Your card's expiration date is incomplete."),
    };
  }
  const year = now.getFullYear();
  if (parsed.year < year || (parsed.year === year && parsed.month < now.getMonth() + 1)) {
    return {
      complete: false,
      empty: false,
      error: err('invalid_expiry_year_past', "Your card's expiration year is in the past."),
    };
  }
  if (parsed.year > year + 50) {
    return {
      complete: false,
      empty: false,
      error: err('invalid_expiry_year', "Your card's expiration year is invalid."),
    };
  }
  return { complete: true, empty: false };
}

export function checkCvc(value: string, brand: string): FieldState {
  const n = digits(value);
  if (n === '') return { complete: false, empty: true };
  const wanted = brand === 'amex' ? 4 : 3;
  if (n.length < wanted) {
    return {
      complete: false,
      empty: false,
      error: err('incomplete_cvc', "Your card's security code is incomplete."),
    };
  }
  return { complete: true, empty: false };
}

function checkPostal(value: string): FieldState {
  const v = value.trim();
  if (v === '') return { complete: false, empty: true };
  if (v.length < 3)
    return { complete: false, empty: false, error: err('incomplete_zip', 'Your postal code is incomplete.') };
  return { complete: true, empty: false };
}

export type CardValues = { number: string; expiry: string; cvc: string; postal: string };

/** The element's overall state; `error` is the first field's error, as Stripe.js reports one at a time. */
export function checkCard(
  values: CardValues,
  withPostal: boolean,
  now?: Date,
): FieldState & { brand: string } {
  const brand = cardBrand(values.number);
  const fields = [checkNumber(values.number), checkExpiry(values.expiry, now), checkCvc(values.cvc, brand)];
  if (withPostal) fields.push(checkPostal(values.postal));
  return {
    brand,
    empty: fields.every((f) => f.empty),
    complete: fields.every((f) => f.complete),
    error: fields.find((f) => f.error)?.error,
  };
}

/** The error to report when a payment is attempted with what is typed (incomplete fields count). */
export function submitError(
  values: CardValues,
  withPostal: boolean,
  now?: Date,
): ValidationError | undefined {
  const state = checkCard(values, withPostal, now);
  if (state.complete) return undefined;
  if (state.error) return state.error;
  const brand = state.brand;
  if (checkNumber(values.number).empty) return err('incomplete_number', 'Your card number is incomplete.');
  if (checkExpiry(values.expiry, now).empty)
    return err('incomplete_expiry', "Your card's expiration date is incomplete.");
  if (checkCvc(values.cvc, brand).empty)
    return err('incomplete_cvc', "Your card's security code is incomplete.");
  return err('incomplete_zip', 'Your postal code is incomplete.');
}
