import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  fileNameOf,
  type AnswerOf,
  type Contract,
  type FileAnswer,
  type FileSpec,
} from '../contracts/contract';

// A handler's answer, typed by its endpoint's contract (lambdas/endpoints/<name>/contract.ts): JSON,
// or for a file endpoint (fileContract) the file itself. API Gateway's HTTP API (payload format 2.0)
// passes a result's statusCode, headers and body to the client as they are.

export type Result = APIGatewayProxyStructuredResultV2;

declare const answerType: unique symbol;

/**
 * A result whose 200 body is a T. Only `ok` (and `okFile` for a file) makes one from a body (and the error answers are
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

/**
 * The 200 answer of a file endpoint: `text` with the contract's Content-Type, saved by a browser as
 * `<stem>-<day>.<extension>` (Content-Disposition: attachment), `at` being when it was made.
 */
export function okFile<C extends Contract<FileAnswer> & { file: FileSpec }>(
  contract: C,
  text: string,
  at: Date,
): Reply<FileAnswer> {
  const result: Result = {
    statusCode: 200,
    headers: {
      'content-type': contract.file.contentType,
      'content-disposition': `attachment; filename="${fileNameOf(contract.file, at)}"`,
      'cache-control': 'no-store',
    },
    body: text,
  };
  return result as Reply<FileAnswer>;
}
