import { StripeError } from './errors';
import { luhn } from './stripe-js/card-validation';

/** How a card behaves: when attached to a customer, and when charged. */
export type CardOutcome = 'succeed' | 'decline_generic' | 'decline_insufficient' | 'charge_fails';

type TestCard = { number: string; outcome: CardOutcome };

/** Stripe's documented test numbers the product relies on. Other Luhn-valid numbers succeed. */
const TEST_CARDS: Record<string, TestCard> = {
  visa: { number: '4242424242424242', outcome: 'succeed' },
  mastercard: { number: '5555555555554444', outcome: 'succeed' },
  amex: { number: '378282246310005', outcome: 'succeed' },
  chargeDeclined: { number: '4000000000000002', outcome: 'decline_generic' },
  chargeDeclinedInsufficientFunds: { number: '4000000000009995', outcome: 'decline_insufficient' },
  chargeCustomerFail: { number: '4000000000000341', outcome: 'charge_fails' },
};

const BY_NUMBER = new Map(Object.values(TEST_CARDS).map((c) => [c.number, c]));

/** `pm_card_visa` / `tok_visa` style ids to a card number. */
export function testCardNumber(id: string): string | undefined {
  const m = /^(?:pm_card_|tok_)(\w+)$/.exec(id);
  return m ? TEST_CARDS[m[1] as string]?.number : undefined;
}

export function outcomeOf(number: string): CardOutcome {
  return BY_NUMBER.get(number)?.outcome ?? 'succeed';
}

/** A card number as the API takes it: 12 to 19 digits that pass the Luhn check (one Luhn, shared with the stand-in). */
export function luhnValid(number: string): boolean {
  return /^\d{12,19}$/.test(number) && luhn(number);
}

export { cardBrand as brandOf } from './stripe-js/card-validation';

function cardError(message: string, code: string, param: string, decline_code?: string): StripeError {
  return new StripeError(402, 'card_error', message, { code, param, decline_code });
}

/** Validates raw card details as Stripe does when a PaymentMethod is created. */
export function validateCard(number: string, expMonth: number, expYear: number, cvc: string, now: number) {
  const clean = number.replace(/[\s-]/g, '');
  if (!luhnValid(clean))
    throw cardError('Your card number is incorrect.', 'incorrect_number', 'card[number]');
  if (!(expMonth >= 1 && expMonth <= 12)) {
    throw cardError("Your card's expiration month is invalid.", 'invalid_expiry_month', 'card[exp_month]');
  }
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const today = new Date(now * 1000);
  const expired =
    year < today.getUTCFullYear() || (year === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1);
  if (expired)
    throw cardError("Your card's expiration year is invalid.", 'invalid_expiry_year', 'card[exp_year]');
  if (cvc !== '' && !/^\d{3,4}$/.test(cvc)) {
    throw cardError("Your card's security code is invalid.", 'invalid_cvc', 'card[cvc]');
  }
  return { number: clean, expMonth, expYear: year };
}

/** The error a charge (or, for the declining numbers, an attach) answers for a card. */
export function declineFor(outcome: CardOutcome): StripeError | undefined {
  switch (outcome) {
    case 'succeed':
      return undefined;
    case 'decline_insufficient':
      return new StripeError(402, 'card_error', 'Your card has insufficient funds.', {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      });
    case 'decline_generic':
    case 'charge_fails':
      return new StripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
  }
}
