import path from 'node:path';
import { parsePriceChangeArgs } from '../price-change/args';

// What an operator types to announce a new price: a mistyped option stops the command before it mails
// anyone, instead of being ignored.

it('reads the price, the date and the stack directory', () => {
  expect(parsePriceChangeArgs(['--price', 'price_new', '--effective', '2027-01-01'])).toEqual({
    price: 'price_new',
    effective: '2027-01-01',
    stackDir: path.resolve('.local'),
  });
  expect(
    parsePriceChangeArgs(['--effective', '2027-01-01', '--price', 'price_new', '--stack-dir', 'x']).stackDir,
  ).toBe(path.resolve('x'));
});

it('refuses an option it does not know, naming it', () => {
  expect(() =>
    parsePriceChangeArgs(['--price', 'price_new', '--effective', '2027-01-01', '--stack-dri', 'other']),
  ).toThrow(/stack-dri/);
});

it('refuses an option whose value is missing', () => {
  expect(() => parsePriceChangeArgs(['--price', '--effective', '2027-01-01'])).toThrow(/Usage/);
  expect(() => parsePriceChangeArgs(['--price', 'price_new', '--effective', '2027-13-45'])).toThrow(
    /YYYY-MM-DD/,
  );
});
