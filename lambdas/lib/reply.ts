import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AnswerOf, Contract } from '../contracts/contract';

// A handler's answer: JSON, typed by its endpoint's contract (lambdas/endpoints/<name>/contract.ts).

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
