import {
  cardBrand,
  checkCard,
  checkCvc,
  checkExpiry,
  checkNumber,
  formatExpiry,
  formatNumber,
  luhn,
  submitError,
} from '../stripe-js/card-validation';
import { brandOf, luhnValid, validateCard } from '../cards';

const june2030 = new Date(Date.UTC(2030, 5, 15));

test('Luhn accepts the test cards and refuses a changed digit', () => {
  for (const n of [
    '4242424242424242',
    '5555555555554444',
    '4000000000000002',
    '4000000000009995',
    '378282246310005',
  ]) {
    expect(luhn(n)).toBe(true);
    expect(luhnValid(n)).toBe(true);
  }
  expect(luhn('4242424242424241')).toBe(false);
  expect(luhnValid('4242424242424241')).toBe(false);
});

test('brands and formatting follow the number', () => {
  expect(cardBrand('4242')).toBe('visa');
  expect(cardBrand('5555 5555')).toBe('mastercard');
  expect(cardBrand('2221000000000009')).toBe('mastercard');
  expect(cardBrand('3782')).toBe('amex');
  expect(brandOf('5555555555554444')).toBe('mastercard');
  expect(formatNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  expect(formatNumber('378282246310005')).toBe('3782 822463 10005');
  expect(formatExpiry('1234')).toBe('12 / 34');
  expect(formatExpiry('4')).toBe('04');
});

test('number, expiry and CVC states', () => {
  expect(checkNumber('')).toEqual({ complete: false, empty: true });
  expect(checkNumber('4242 4242').error?.code).toBe('incomplete_number');
  expect(checkNumber('4242 4242 4242 4241').error?.code).toBe('invalid_number');
  expect(checkNumber('4242 4242 4242 4242').complete).toBe(true);
  expect(checkExpiry('13 / 40', june2030).error?.code).toBe('invalid_expiry_month');
  expect(checkExpiry('05 / 30', june2030).error?.code).toBe('invalid_expiry_year_past');
  expect(checkExpiry('06 / 30', june2030).complete).toBe(true);
  expect(checkExpiry('06 / 3', june2030).error?.code).toBe('incomplete_expiry');
  expect(checkCvc('12', 'visa').error?.code).toBe('incomplete_cvc');
  expect(checkCvc('123', 'amex').complete).toBe(false);
  expect(checkCvc('1234', 'amex').complete).toBe(true);
});

test('the whole card, with and without a postal code', () => {
  const values = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postal: '' };
  expect(checkCard(values, false, june2030)).toMatchObject({
    complete: true,
    brand: 'visa',
    error: undefined,
  });
  expect(checkCard(values, true, june2030).complete).toBe(false);
  expect(submitError(values, true, june2030)?.code).toBe('incomplete_zip');
  expect(submitError({ ...values, number: '' }, false, june2030)?.code).toBe('incomplete_number');
  expect(submitError(values, false, june2030)).toBeUndefined();
});

test('the server-side check refuses what Stripe refuses', () => {
  const now = Math.floor(june2030.getTime() / 1000);
  expect(validateCard('4242 4242 4242 4242', 12, 34, '123', now)).toEqual({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2034,
  });
  expect(() => validateCard('4242424242424241', 12, 2034, '123', now)).toThrow(
    'Your card number is incorrect.',
  );
  expect(() => validateCard('4242424242424242', 1, 2030, '123', now)).toThrow(
    "Your card's expiration year is invalid.",
  );
  expect(() => validateCard('4242424242424242', 13, 2034, '123', now)).toThrow(
    "Your card's expiration month is invalid.",
  );
  expect(() => validateCard('4242424242424242', 12, 2034, '12a', now)).toThrow(
    "Your card's security code is invalid.",
  );
});
