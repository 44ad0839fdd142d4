import Stripe from 'stripe';
import { CardRefusedError, PaymentMethodUnusableError, RequestInProgressError } from '../../errors';
import { toDomainError } from '../domain-errors';

// The adapter's translation of Stripe's errors: what the client's input caused becomes a domain error
// (answered by http.ts); everything else stays Stripe's error (a logged 500).

const invalid = (raw: { message: string; code?: string; param?: string }) =>
  new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', ...raw });

describe('toDomainError', () => {
  it("turns a card error into CardRefusedError with Stripe's reason and message, keeping the cause", () => {
    const err = new Stripe.errors.StripeCardError({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const out = toDomainError(err);
    expect(out).toBeInstanceOf(CardRefusedError);
    expect(out).toMatchObject({ reason: 'card_declined', message: 'Your card was declined.', cause: err });
  });

  it("treats an invalid request about the card's details as a refused card", () => {
    expect(toDomainError(invalid({ message: 'Bad year.', code: 'invalid_expiry_year' }))).toBeInstanceOf(
      CardRefusedError,
    );
    expect(toDomainError(invalid({ message: 'Bad card.', param: 'card[number]' }))).toMatchObject({
      reason: '',
      message: 'Bad card.',
    });
  });

  it('turns a payment method that cannot pay into PaymentMethodUnusableError', () => {
    const out = toDomainError(invalid({ message: 'Detached.', code: 'payment_method_unexpected_state' }));
    expect(out).toBeInstanceOf(PaymentMethodUnusableError);
    expect(out).toMatchObject({ reason: 'payment_method_unexpected_state' });
  });

  it('turns a key reused with other parameters, or still running, into RequestInProgressError', () => {
    const reused = new Stripe.errors.StripeIdempotencyError({ type: 'idempotency_error', message: 'Keys.' });
    const running = new Stripe.errors.StripeAPIError({
      type: 'api_error',
      code: 'idempotency_key_in_use',
      message: 'In use.',
    });
    expect(toDomainError(reused)).toBeInstanceOf(RequestInProgressError);
    expect(toDomainError(running)).toBeInstanceOf(RequestInProgressError);
  });

  it('leaves our own mistakes and anything not from Stripe as they are', () => {
    const missing = invalid({ message: 'No such customer.', code: 'resource_missing', param: 'id' });
    const unknown = invalid({ message: 'Unknown.', code: 'parameter_unknown', param: 'card[bogus]' });
    const plain = new Error('not Stripe');
    expect(toDomainError(missing)).toBe(missing);
    expect(toDomainError(unknown)).toBe(unknown);
    expect(toDomainError(plain)).toBe(plain);
  });
});
