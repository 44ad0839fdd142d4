import type { JsonObject } from './json';

export type ErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';

/** An error answered in Stripe's shape: `{ error: { type, code, decline_code, message, param, doc_url } }`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly fields: { code?: string; decline_code?: string; param?: string; extra?: JsonObject } = {},
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
