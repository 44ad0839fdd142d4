import type { JsonObject } from './json';

export type ErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';

/** An error answered in Stripe's shape: `{ error: { type, code, decline_code, message, param, doc_url } }`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly fields: {
      code?: string;
      decline_code?: string;
      param?: string;
      extra?: JsonObject;
      /** Headers Stripe sends with this error (`Stripe-Should-Retry`, `Stripe-Rate-Limited-Reason`). */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }

  toJson(): JsonObject {
    const { code, decline_code, param, extra } = this.fields;
    const error: JsonObject = { type: this.type, message: this.message };
    if (code) {
      error.code = code;
      error.doc_url = `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
    }
    if (decline_code) error.decline_code = decline_code;
    if (param) error.param = param;
    return { error: { ...error, ...extra } };
  }
}

export function missingParam(param: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

export function invalidParam(param: string, message: string): StripeError {
  return new StripeError(400, 'invalid_request_error', message, { code: 'parameter_invalid_string', param });
}

export function unknownParam(param: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${param}`, {
    code: 'parameter_unknown',
    param,
  });
}

const NOUNS: Record<string, string> = {
  cus: 'customer',
  pm: 'PaymentMethod',
  sub: 'subscription',
  si: 'subscription item',
  in: 'invoice',
  pi: 'payment_intent',
  price: 'price',
  prod: 'product',
  evt: 'event',
  clock: 'test clock',
  inpay: 'invoice payment',
  re: 'refund',
  ch: 'charge',
};

export function noSuch(id: string, param = 'id'): StripeError {
  const noun = NOUNS[id.split('_')[0] ?? ''] ?? 'object';
  return new StripeError(404, 'invalid_request_error', `No such ${noun}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}

export function badState(message: string, code?: string): StripeError {
  return new StripeError(400, 'invalid_request_error', message, code ? { code } : {});
}

// Documented answers of a busy Stripe (docs.stripe.com/error-codes, /rate-limits, /idempotency). None of
// them saves anything under the request's Idempotency-Key, so a retry with the same key runs anew.

/** 409: another request with the same Idempotency-Key is still running. The SDK retries a 409. */
export function idempotencyKeyInUse(): StripeError {
  return new StripeError(
    409,
    'invalid_request_error',
    "There is currently another in-progress request using this Stripe-Idempotency-Key (that probably means you submitted twice, and that's fine). Please try again later.",
    { code: 'idempotency_key_in_use' },
  );
}

/** 429: too many requests. Stripe does not ask the SDK to retry it (the SDK only retries on request). */
export function rateLimited(): StripeError {
  return new StripeError(
    429,
    'invalid_request_error',
    'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
    { code: 'rate_limit', headers: { 'stripe-rate-limited-reason': 'global-rate' } },
  );
}

/** 429 `lock_timeout`: another request holds the object. Stripe tells the SDK to retry it. */
export function lockTimeout(): StripeError {
  return new StripeError(
    429,
    'invalid_request_error',
    'This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request. If you see this error frequently and are making multiple concurrent requests to a single object, make your requests serially or at a lower rate.',
    { code: 'lock_timeout', headers: { 'stripe-should-retry': 'true' } },
  );
}
