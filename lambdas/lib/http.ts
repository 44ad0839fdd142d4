import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AnswerOf, ApiErrorBody, Contract } from '../contracts/contract';
import { ApiError } from './api-error';
import { answerOf, DomainError, GENERIC_MESSAGE, type ErrorAnswer } from './errors';
import { log } from './log';
import { onlyFromCloudFront } from './origin-check';
import { json, type Reply, type Result } from './reply';

export { ApiError, badRequest, conflict, forbidden } from './api-error';
export { log } from './log';
export { ok, okFile, type Reply, type Result } from './reply';

// The handler boundary's error answers: failures as `{ error: { code, message } }`, and the one place
// that decides which failures a client may see. A handler's own refusal (ApiError) and a domain error
// of the adapters and rules (errors.ts, which carries its status, code and message) are answered as
// they say, with the log line a domain error asks for; anything unexpected becomes a generic 500 plus
// one structured log line to find it by request id. The origin check runs before (origin-check.ts).

/** An error answer; it fits every contract's handler. */
const fail = ({ status, code, message, headers }: ErrorAnswer) =>
  json(status, { error: { code, message } } satisfies ApiErrorBody, headers) as Reply<never>;

export { GENERIC_MESSAGE, PAYMENT_METHOD_UNUSABLE_MESSAGE, WEBHOOK_SIGNATURE_REFUSED } from './errors';

function isZodError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ZodError' || err.name === '$ZodError');
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
  if (err instanceof ApiError) return fail({ status: err.statusCode, code: err.code, message: err.message });
  const known = answerOf(err);
  if (known) {
    const line = err instanceof DomainError ? err.logLine() : undefined;
    if (line) log(line.level, line.message, event, { error: describe(line.error) });
    return fail(known);
  }
  if (isZodError(err))
    return fail({ status: 400, code: 'INVALID_REQUEST', message: 'The request is not valid.' });
  log('error', 'unhandled error', event, {
    error: { ...describe(err), stack: err instanceof Error ? err.stack : undefined },
  });
  return fail({ status: 500, code: 'INTERNAL', message: GENERIC_MESSAGE });
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
