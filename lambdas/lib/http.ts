import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AnswerOf, ApiErrorBody, Contract } from '../contracts/contract';
import { ApiError, badRequest, conflict } from './api-error';
import {
  AccountBusyError,
  CardRefusedError,
  EmailTakenError,
  HolderChangeLimitError,
  IdempotencyKeyReusedError,
  IncorrectPasswordError,
  InvalidEmailError,
  InvalidIdempotencyKeyError,
  InvalidLicenseKeyError,
  InvalidTaxIdError,
  InvalidWebhookSignatureError,
  LimitReachedError,
  MailNotSentError,
  NotCallersError,
  PaymentMethodUnusableError,
  RecoveryCodeError,
  PaymentProviderBusyError,
  RequestInProgressError,
  SecretNotConfiguredError,
  TooManyAttemptsError,
  UnknownPaymentMethodError,
} from './errors';
import { log } from './log';
import { onlyFromCloudFront } from './origin-check';
import { json, type Reply, type Result } from './reply';

export { ApiError, badRequest, conflict, forbidden } from './api-error';
export { log } from './log';
export { ok, okFile, type Reply, type Result } from './reply';

// The handler boundary's error answers: failures as `{ error: { code, message } }`, and the one place
// that decides which failures a client may see. Client mistakes and the domain errors of the adapters
// and rules (errors.ts) become 4xx with a reason; anything unexpected becomes a generic 500 plus one
// structured log line to find it by request id. The origin check runs before (origin-check.ts).

/** An error answer; it fits every contract's handler. */
const fail = (statusCode: number, body: ApiErrorBody, headers: Record<string, string> = {}) =>
  json(statusCode, body, headers) as Reply<never>;

const errorBody = (code: string, message: string): ApiErrorBody => ({ error: { code, message } });

export const GENERIC_MESSAGE = 'Something unexpected happened. Please try again.';

/** The checkout's wording for a payment method that cannot pay. */
export const PAYMENT_METHOD_UNUSABLE_MESSAGE = 'Payment failed. Please try another payment method.';

const IN_PROGRESS_MESSAGE = 'The same request is in progress. Try again shortly.';

/** The log message of a refused Stripe delivery; an alarm counts it (cdk/lib/monitoring.ts). */
export const WEBHOOK_SIGNATURE_REFUSED = 'webhook signature does not verify';

function isZodError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ZodError' || err.name === '$ZodError');
}

/** The answer to each domain error (errors.ts) a client can cause, in the words the pages show. */
function domainError(err: unknown): ApiError | undefined {
  if (err instanceof NotCallersError) return new ApiError(403, 'FORBIDDEN', err.message);
  if (err instanceof InvalidLicenseKeyError) return badRequest('INVALID_LICENSE_KEY', err.message);
  if (err instanceof InvalidTaxIdError) {
    return badRequest(
      'INVALID_TAX_ID',
      'The tax ID does not have the format of the type chosen. Check it and try again.',
    );
  }
  if (err instanceof CardRefusedError) {
    return new ApiError(402, err.reason ? err.reason.toUpperCase() : 'CARD_ERROR', err.message);
  }
  if (err instanceof PaymentMethodUnusableError) {
    return new ApiError(402, 'PAYMENT_METHOD_UNUSABLE', PAYMENT_METHOD_UNUSABLE_MESSAGE);
  }
  if (err instanceof RequestInProgressError) return conflict('REQUEST_IN_PROGRESS', IN_PROGRESS_MESSAGE);
  if (err instanceof PaymentProviderBusyError) {
    return new ApiError(
      503,
      'PAYMENT_PROVIDER_BUSY',
      'Our payment provider is busy. Please try again in a moment.',
    );
  }
  if (err instanceof InvalidIdempotencyKeyError) {
    return badRequest(
      'INVALID_IDEMPOTENCY_KEY',
      'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_".',
    );
  }
  if (err instanceof IdempotencyKeyReusedError) {
    return new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
    );
  }
  if (err instanceof InvalidWebhookSignatureError) {
    return badRequest('INVALID_SIGNATURE', 'The signature does not match the payload.');
  }
  if (err instanceof UnknownPaymentMethodError) {
    return badRequest('UNKNOWN_PAYMENT_METHOD', 'The payment method does not exist.');
  }
  if (err instanceof IncorrectPasswordError) {
    return new ApiError(403, 'INCORRECT_PASSWORD', 'Incorrect current password.');
  }
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

/** What a log line says of an error: its name and message, and the provider's type and code if any. */
function describe(err: unknown): Record<string, unknown> {
  const fields = (typeof err === 'object' && err !== null ? err : {}) as Record<string, unknown>;
  return {
    name: err instanceof Error ? err.name : typeof err,
    message: err instanceof Error ? err.message : String(err),
    type: fields.type,
    code: fields.code,
    param: fields.param,
  };
}

export function errorToResult(
  err: unknown,
  event: Pick<APIGatewayProxyEventV2, 'requestContext'>,
): Reply<never> {
  if (err instanceof LimitReachedError) return limitResult(err);
  const known = err instanceof ApiError ? err : domainError(err);
  if (known) {
    if (err instanceof CardRefusedError || err instanceof PaymentMethodUnusableError) {
      // Not our fault, but worth a line: a rising count shows a client or card flow going wrong.
      log('warn', 'the payment provider refused the client input', event, { error: describe(err.cause) });
    } else if (err instanceof InvalidWebhookSignatureError) {
      // Anyone can send one, so not an error line; a steady count after a secret rotation is ours.
      log('warn', WEBHOOK_SIGNATURE_REFUSED, event, { error: describe(err) });
    }
    // Stripe changed nothing and will take the request again in a moment.
    const retry = err instanceof PaymentProviderBusyError ? { 'retry-after': '1' } : undefined;
    return fail(known.statusCode, errorBody(known.code, known.message), retry);
  }
  if (isZodError(err)) return fail(400, errorBody('INVALID_REQUEST', 'The request is not valid.'));
  if (err instanceof MailNotSentError) {
    // The account's mail setup (SES's sandbox, most often), not the request: the operator's to fix.
    log('error', 'mail not sent', event, { error: { name: err.name, message: err.message } });
    return fail(
      503,
      errorBody(
        'MAIL_NOT_SENT',
        `We could not send email to ${err.to} just now, so this could not be completed. Please try again later.`,
      ),
    );
  }
  if (err instanceof SecretNotConfiguredError) {
    // The deploy is not finished (docs/deploying.md): say so in the log, and answer what a
    // client can act on (try later) instead of a 500 that looks like a bug.
    log('error', 'secret not configured', event, { error: { name: err.name, message: err.message } });
    return fail(503, errorBody('NOT_CONFIGURED', GENERIC_MESSAGE), { 'retry-after': '60' });
  }
  log('error', 'unhandled error', event, {
    error: { ...describe(err), stack: err instanceof Error ? err.stack : undefined },
  });
  return fail(500, errorBody('INTERNAL', GENERIC_MESSAGE));
}

/**
 * The handler of `contract`: `fn` can only answer the contract's type (or an error), and no exception
 * escapes as API Gateway's own 500: every failure becomes an answer here.
 */
function withErrors<C extends Contract, E extends Pick<APIGatewayProxyEventV2, 'requestContext'>>(
  _contract: C,
  fn: (event: E) => Promise<Reply<AnswerOf<C>>>,
): (event: E) => Promise<Result> {
  return async (event: E) => {
    try {
      return await fn(event);
    } catch (err) {
      return errorToResult(err, event);
    }
  };
}

/**
 * An API handler: refused unless the request came through CloudFront (origin-check.ts, which fails
 * closed), then `fn`, whose failures withErrors answers.
 */
export function apiHandler<C extends Contract, E extends Pick<APIGatewayProxyEventV2, 'requestContext'>>(
  contract: C,
  fn: (event: E) => Promise<Reply<AnswerOf<C>>>,
): (event: E) => Promise<Result> {
  return onlyFromCloudFront(withErrors(contract, fn));
}
