import Stripe from 'stripe';
import {
  CardRefusedError,
  InvalidTaxIdError,
  PaymentMethodUnusableError,
  PaymentProviderBusyError,
  RequestInProgressError,
} from '../errors';

// Stripe's errors that the client's input causes, as the product's domain errors (lib/errors.ts):
// the card was declined or its details are wrong, the chosen payment method cannot pay, or the same
// request is still running; and Stripe being busy, which the client may simply retry. Everything
// else (resource_missing on our stored ids, parameter_unknown, Stripe's 5xx, ...) is our bug or
// Stripe's and stays as the SDK threw it: a logged 500.

/**
 * Invalid-request codes about the card's own details: only the client's card can cause them. They
 * are answered like a card error, with Stripe's message (the card form shows the provider's message).
 */
const CARD_DETAIL_CODES = new Set([
  'card_decline_rate_limit_exceeded',
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'incorrect_postal_code',
  'insufficient_funds',
  'invalid_card_type',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
]);

/**
 * Invalid-request codes about the payment method the client chose (detached and so unusable, not
 * available for this payment, refused by its provider).
 */
const UNUSABLE_PAYMENT_METHOD_CODES = new Set([
  'expired_payment_method',
  'payment_intent_incompatible_payment_method',
  'payment_intent_payment_attempt_failed',
  'payment_method_currency_mismatch',
  'payment_method_customer_decline',
  'payment_method_invalid_parameter',
  'payment_method_not_available',
  'payment_method_provider_decline',
  'payment_method_restricted',
  'payment_method_unactivated',
  'payment_method_unexpected_state',
  'payment_method_unsupported_type',
]);

/** The domain error for a Stripe error the client caused, else `err` itself. */
export function toDomainError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const code = err.code ?? '';
  // Stripe's busy answers (docs.stripe.com/rate-limits): a 429 rate_limit, which the SDK never retries,
  // or a 429 lock_timeout left after the SDK's retries (Stripe sends Stripe-Should-Retry: true).
  if (err instanceof Stripe.errors.StripeRateLimitError || err.statusCode === 429) {
    return new PaymentProviderBusyError(err);
  }
  if (err instanceof Stripe.errors.StripeCardError) return new CardRefusedError(code, err.message, err);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (CARD_DETAIL_CODES.has(code) || (err.param?.startsWith('card[') && code !== 'parameter_unknown')) {
      return new CardRefusedError(code, err.message, err);
    }
    if (UNUSABLE_PAYMENT_METHOD_CODES.has(code)) return new PaymentMethodUnusableError(code, err);
    if (code === 'tax_id_invalid') return new InvalidTaxIdError(err);
  }
  // A key reused with other parameters (400 idempotency_error), or Stripe's 409 for a key whose first
  // request is still running: the SDK retries that and then reports it as a StripeAPIError.
  if (
    err instanceof Stripe.errors.StripeIdempotencyError ||
    err.rawType === 'idempotency_error' ||
    code === 'idempotency_key_in_use'
  ) {
    return new RequestInProgressError(err);
  }
  return err;
}
