import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AnswerOf, ApiErrorBody, Contract } from '../contracts/contract';
import {
  AccountBusyError,
  EmailTakenError,
  HolderChangeLimitError,
  IncorrectPasswordError,
  InvalidEmailError,
  LimitReachedError,
  RecoveryCodeError,
  SecretNotConfiguredError,
  TooManyAttemptsError,
  UnknownPaymentMethodError,
} from './errors';
import { checkOrigin } from './origin-check';
import { isStripeBusy } from './stripe-busy';

// The handler boundary: JSON answers typed by each endpoint's contract (lambdas/contracts/), failures
// as `{ error: { code, message } }`, and one wrapper that decides which failures a client may see.
// Client mistakes and the adapters' domain errors become 4xx with a reason; anything unexpected
// becomes a generic 500 plus one structured log line to find it by request id.

export type Result = APIGatewayProxyStructuredResultV2;

declare const answerType: unique symbol;

/**
 * A result whose 200 body is a T. Only `ok` makes one from a body (and the error answers are
 * `Reply<never>`), so a handler typed by its contract cannot answer anything else.
 */
export type Reply<T> = Result & { readonly [answerType]: T };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): Result {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** The 200 answer of `contract`, whose type the body must be. */
export const ok = <C extends Contract>(
  _contract: C,
  body: AnswerOf<C>,
  headers: Record<string, string> = {},
): Reply<AnswerOf<C>> => json(200, body, headers) as Reply<AnswerOf<C>>;

/** An error answer; it fits every contract's handler. */
const fail = (statusCode: number, body: ApiErrorBody, headers: Record<string, string> = {}) =>
  json(statusCode, body, headers) as Reply<never>;

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
const forbiddenAs = (code: string, message: string): ApiError => new ApiError(403, code, message);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);

const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });

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
 * stay a logged 500. Adapters report the cases they know better as domain errors (lib/stripe.ts
 * throws UnknownPaymentMethodError for an unknown payment method id, answered 400 above).
 */
function invalidRequestResult(stripe: StripeLikeError): Reply<never> | undefined {
  const code = stripe.code ?? '';
  if (CARD_DETAIL_CODES.has(code) || (stripe.param?.startsWith('card[') && code !== 'parameter_unknown')) {
    return fail(402, errorBody(code ? code.toUpperCase() : 'CARD_ERROR', stripe.message));
  }
  if (UNUSABLE_PAYMENT_METHOD_CODES.has(code)) {
    return fail(402, errorBody('PAYMENT_METHOD_UNUSABLE', PAYMENT_METHOD_UNUSABLE_MESSAGE));
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

/** The answer to each domain error (lib/errors.ts) a client can cause, in the spec's words. */
function domainError(err: unknown): ApiError | undefined {
  if (err instanceof UnknownPaymentMethodError) {
    return badRequest('UNKNOWN_PAYMENT_METHOD', 'The payment method does not exist.');
  }
  if (err instanceof IncorrectPasswordError)
    return forbiddenAs('INCORRECT_PASSWORD', 'Incorrect current password.');
  if (err instanceof TooManyAttemptsError) {
    return new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.');
  }
  if (err instanceof EmailTakenError) return conflict('EMAIL_TAKEN', 'New email is already taken.');
  if (err instanceof InvalidEmailError) return badRequest('INVALID_EMAIL', 'The email address is not valid.');
  if (err instanceof AccountBusyError) {
    return conflict('BUSY', 'Another change to your licenses is in progress. Try again in a moment.');
  }
  if (err instanceof HolderChangeLimitError) {
    const when = new Date(err.possibleAt * 1000).toLocaleString('en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return new ApiError(
      429,
      'HOLDER_CHANGE_LIMIT',
      `This license has changed hands 4 times in the last 30 days, the most we allow. It can be given to someone else or taken back again from ${when} UTC.`,
    );
  }
  if (err instanceof RecoveryCodeError) {
    return err.reason === 'used'
      ? badRequest('USED_ACTION_CODE', 'This link has already been used.')
      : badRequest('INVALID_ACTION_CODE', 'The link is invalid or has expired.');
  }
  return undefined;
}

/** The answer to an action refused by a limit (lib/mail-limits.ts, lib/checkout-limit.ts). */
function limitResult(err: LimitReachedError): Reply<never> {
  const hours = Math.max(1, Math.round(err.retryAfterSeconds / 3600));
  const minutes = Math.max(1, Math.ceil(err.retryAfterSeconds / 60));
  const answer: Record<LimitReachedError['limit'], [string, string]> = {
    'sender-mails': [
      'MAIL_LIMIT',
      `You have reached today's limit of ${err.allowed} license emails (assigning, reassigning and ` +
        `taking back licenses each send one). Try again in about ${hours} hour${hours === 1 ? '' : 's'}.`,
    ],
    'recipient-mails': [
      'MAIL_LIMIT',
      `${err.address ?? 'That address'} has received today's limit of ${err.allowed} license emails ` +
        `from Stockbench. Nothing was changed; try again in about ${hours} hour${hours === 1 ? '' : 's'}.`,
    ],
    checkouts: [
      'CHECKOUT_LIMIT',
      `You have started ${err.allowed} checkouts within the hour, the most we allow. Finish the one ` +
        `you started, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    ],
  };
  const [code, message] = answer[err.limit];
  return fail(429, errorBody(code, message), { 'retry-after': String(err.retryAfterSeconds) });
}

export function errorToResult(
  err: unknown,
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
): Reply<never> {
  if (err instanceof LimitReachedError) return limitResult(err);
  const known = err instanceof ApiError ? err : domainError(err);
  if (known) return fail(known.statusCode, errorBody(known.code, known.message));
  if (isZodError(err)) return fail(400, errorBody('INVALID_REQUEST', 'The request is not valid.'));
  if (err instanceof SecretNotConfiguredError) {
    // The deploy is not finished (README, "Deploy to AWS"): say so in the log, and answer what a
    // client can act on (try later) instead of a 500 that looks like a bug.
    log('error', 'secret not configured', event, { error: { name: err.name, message: err.message } });
    return fail(503, errorBody('NOT_CONFIGURED', GENERIC_MESSAGE), { 'retry-after': '60' });
  }
  if (isStripeBusy(err)) {
    return fail(
      503,
      errorBody('PAYMENT_PROVIDER_BUSY', 'Our payment provider is busy. Please try again in a moment.'),
      {
        'retry-after': '1',
      },
    );
  }
  const stripe = asStripeError(err);
  if (stripe?.type === 'StripeCardError') {
    return fail(402, errorBody(stripe.code ? stripe.code.toUpperCase() : 'CARD_ERROR', stripe.message));
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
    return fail(409, errorBody('REQUEST_IN_PROGRESS', 'The same request is in progress. Try again shortly.'));
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
  return fail(500, errorBody('INTERNAL', GENERIC_MESSAGE));
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
 * The handler of `contract`: `fn` can only answer the contract's type (or an error). No exception
 * escapes as API Gateway's own 500, and a request that did not come through CloudFront
 * (lib/origin-check.ts) is refused before the handler runs, and so is every request when the
 * origin secret is missing.
 */
export function withErrors<C extends Contract, E extends Pick<APIGatewayProxyEventV2, 'requestContext'>>(
  _contract: C,
  fn: (event: E) => Promise<Reply<AnswerOf<C>>>,
): (event: E) => Promise<Result> {
  return async (event: E) => {
    const origin = checkOrigin(event as Partial<Pick<APIGatewayProxyEventV2, 'headers'>>);
    if (origin === 'unconfigured') {
      // Fails closed, and as a 5xx so the API's error-rate alarm tells the operator.
      log('error', 'origin secret not configured: every request is refused', event);
      return fail(503, errorBody('NOT_CONFIGURED', GENERIC_MESSAGE), { 'retry-after': '60' });
    }
    if (origin === 'refused') {
      log('warn', 'request without the CloudFront origin header', event);
      return fail(403, errorBody('FORBIDDEN', 'Use the site address.'));
    }
    try {
      return await fn(event);
    } catch (err) {
      return errorToResult(err, event);
    }
  };
}
