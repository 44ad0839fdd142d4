import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SecretNotConfiguredError } from './errors';
import { fromCloudFront } from './origin';

// Responses and errors for every handler: JSON bodies, `{ error: { code, message } }` on failure, and
// one wrapper that decides which failures a client may see. Client mistakes become 4xx with a reason;
// anything unexpected becomes a generic 500 plus one structured log line to find it by request id.

export type Result = APIGatewayProxyStructuredResultV2;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): Result {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export const ok = (body: unknown): Result => json(200, body);

/** A failure meant for the client: its status, a stable machine code and a readable message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string): ApiError => new ApiError(400, code, message);
export const forbidden = (message = 'This resource does not belong to the caller.'): ApiError =>
  new ApiError(403, 'FORBIDDEN', message);
export const notFound = (code: string, message: string): ApiError => new ApiError(404, code, message);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

export const GENERIC_MESSAGE = 'Something unexpected happened. Please try again.';

/** What errorToResult reads of the Stripe SDK's errors: `type` is the class name (StripeCardError, …). */
interface StripeLikeError {
  type: string;
  message: string;
  rawType?: string;
  code?: string;
  param?: string;
}

/** The spec's wording (error catalogue, Checkout) for a payment method that cannot pay. */
export const PAYMENT_METHOD_UNUSABLE_MESSAGE = 'Payment failed. Please try another payment method.';

/**
 * Invalid-request codes about the card's own details: only the client's card can cause them. They
 * answer 402 like a StripeCardError, with Stripe's message (the spec shows the provider's message).
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
 * available for this payment, refused by its provider): 402 with the spec's "try another" wording.
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

/**
 * A StripeInvalidRequestError the client's input caused, as the answer it gets; undefined for the rest
 * (resource_missing on our stored ids, parameter_unknown, anything unlisted): those are our bugs and
 * stay a logged 500. Adapters translate the cases they know better (lib/stripe.ts answers an unknown
 * payment method id as 400 UNKNOWN_PAYMENT_METHOD before this runs).
 */
function invalidRequestResult(stripe: StripeLikeError): Result | undefined {
  const code = stripe.code ?? '';
  if (CARD_DETAIL_CODES.has(code) || (stripe.param?.startsWith('card[') && code !== 'parameter_unknown')) {
    return json(402, errorBody(code ? code.toUpperCase() : 'CARD_ERROR', stripe.message));
  }
  if (UNUSABLE_PAYMENT_METHOD_CODES.has(code)) {
    return json(402, errorBody('PAYMENT_METHOD_UNUSABLE', PAYMENT_METHOD_UNUSABLE_MESSAGE));
  }
  return undefined;
}

function asStripeError(err: unknown): StripeLikeError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const type = (err as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('Stripe') ? (err as StripeLikeError) : undefined;
}

function isZodError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ZodError' || err.name === '$ZodError');
}

export function errorToResult(err: unknown, event: Pick<APIGatewayProxyEventV2, 'requestContext'>): Result {
  if (err instanceof ApiError) return json(err.statusCode, errorBody(err.code, err.message));
  if (isZodError(err)) return json(400, errorBody('INVALID_REQUEST', 'The request is not valid.'));
  if (err instanceof SecretNotConfiguredError) {
    // The deploy is not finished (README, "Deploy to AWS"): say so in the log, and answer what a
    // client can act on (try later) instead of a 500 that looks like a bug.
    log('error', 'secret not configured', event, { error: { name: err.name, message: err.message } });
    return json(503, errorBody('NOT_CONFIGURED', GENERIC_MESSAGE), { 'retry-after': '60' });
  }
  const stripe = asStripeError(err);
  if (stripe?.type === 'StripeCardError') {
    return json(402, errorBody(stripe.code ? stripe.code.toUpperCase() : 'CARD_ERROR', stripe.message));
  }
  if (stripe?.type === 'StripeInvalidRequestError') {
    const result = invalidRequestResult(stripe);
    if (result) {
      // Not our fault, but worth a line: a rising count shows a client or card flow going wrong.
      log('warn', 'stripe refused the client input', event, {
        error: { stripeType: stripe.type, stripeCode: stripe.code, stripeParam: stripe.param },
      });
      return result;
    }
  }
  // A StripeIdempotencyError (a key reused with other parameters, 400), or Stripe's 409 for a key whose
  // first request is still running: the SDK retries that and then reports it as a StripeAPIError.
  if (
    stripe?.type === 'StripeIdempotencyError' ||
    stripe?.rawType === 'idempotency_error' ||
    stripe?.code === 'idempotency_key_in_use'
  ) {
    return json(409, errorBody('REQUEST_IN_PROGRESS', 'The same request is in progress. Try again shortly.'));
  }
  log('error', 'unhandled error', event, {
    error: {
      name: err instanceof Error ? err.name : typeof err,
      message: err instanceof Error ? err.message : String(err),
      stripeType: stripe?.type,
      stripeCode: stripe?.code,
      stripeParam: stripe?.param,
      stack: err instanceof Error ? err.stack : undefined,
    },
  });
  return json(500, errorBody('INTERNAL', GENERIC_MESSAGE));
}

/** One JSON line per call so CloudWatch Logs Insights can filter by requestId and route. */
export function log(
  level: 'info' | 'warn' | 'error',
  msg: string,
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
  extra: Record<string, unknown> = {},
): void {
  const http = event.requestContext?.http;
  const line = JSON.stringify({
    level,
    msg,
    requestId: event.requestContext?.requestId,
    method: http?.method,
    path: http?.path,
    ...extra,
  });
  if (level === 'error') console.error(line);
  else console.log(line);
}

/**
 * Wraps a handler body so no exception escapes as API Gateway's own 500, and refuses a request that did
 * not come through CloudFront (lib/origin.ts) before the handler runs.
 */
export function withErrors<E extends Pick<APIGatewayProxyEventV2, 'requestContext'>>(
  fn: (event: E) => Promise<Result>,
): (event: E) => Promise<Result> {
  return async (event: E) => {
    if (!fromCloudFront(event as Partial<Pick<APIGatewayProxyEventV2, 'headers'>>)) {
      log('warn', 'request without the CloudFront origin header', event);
      return json(403, errorBody('FORBIDDEN', 'Use the site address.'));
    }
    try {
      return await fn(event);
    } catch (err) {
      return errorToResult(err, event);
    }
  };
}
