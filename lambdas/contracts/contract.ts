import type * as z from 'zod/mini';

// What an endpoint is to everyone who speaks to it: its route (method, path, handler, who may call)
// and, side by side, the schema its request is validated with and the type of its 200 answer. The
// handler validates with the schema and can only answer the type (lambdas/lib/http.ts `ok`); the
// browser client (src/api-client/client.ts) and the tests take both types from here. Nothing in this
// folder imports server code, so the site can import its types without bundling any of it.

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One row of the route table (lambdas/routes.ts), which the local API server and CDK both read. */
export interface RouteDef {
  method: HttpMethod;
  /** Path under the site origin, always starting with /api/. */
  path: `/api/${string}`;
  /** The endpoint's folder in lambdas/endpoints/, whose handler.ts exports `handler`. */
  handler: string;
  /** 'jwt': behind the Cognito JWT authorizer; 'none': public (its own secret or no data). */
  auth: 'jwt' | 'none';
  /** For an endpoint whose 200 answer is a file (fileContract); its errors stay JSON. */
  file?: FileSpec;
}

/**
 * What a file answer is and what it is saved as: `<stem>-<yyyy-mm-dd>.<extension>`, the day (UTC) it
 * was made, so files of different days sit side by side in a downloads folder.
 */
export interface FileSpec {
  /** The Content-Type of the 200 answer, e.g. 'text/csv; charset=utf-8'. */
  readonly contentType: `${string}/${string}`;
  readonly stem: string;
  readonly extension: string;
}

/** The file name a file answer made at `at` is saved as (Content-Disposition: attachment). */
export const fileNameOf = (spec: FileSpec, at: Date): string =>
  `${spec.stem}-${at.toISOString().slice(0, 10)}.${spec.extension}`;

declare const fileAnswer: unique symbol;

/** The 200 answer of a file endpoint: text of its FileSpec's type, never JSON (lambdas/lib/reply.ts okFile). */
export interface FileAnswer {
  readonly [fileAnswer]: true;
}

declare const answer: unique symbol;

export interface Contract<Answer = unknown> extends RouteDef {
  /** The JSON body's schema, for an endpoint that reads one. */
  readonly body?: z.ZodMiniType;
  /** The query string's schema, for an endpoint that reads one. */
  readonly query?: z.ZodMiniType;
  /** Type only (never set): the body of the 200 answer. */
  readonly [answer]?: Answer;
}

/**
 * Declares an endpoint's contract: `contract<Answer>()({ method, path, handler, auth, body | query })`.
 * Two calls, so that Answer is named while the route's literals (method, path) are inferred.
 */
export const contract =
  <Answer>() =>
  <const C extends RouteDef & Pick<Contract, 'body' | 'query'> & { file?: never }>(
    route: C,
  ): C & Contract<Answer> =>
    route;

/**
 * Declares a file endpoint's contract: `fileContract({ method, path, handler, auth, query, file })`. Its
 * 200 answer is a file of `file`'s type, which only `okFile` makes; the site downloads it
 * (src/api-client/client.ts, download).
 */
export const fileContract = <
  const C extends RouteDef & Pick<Contract, 'body' | 'query'> & { file: FileSpec },
>(
  route: C,
): C & Contract<FileAnswer> => route;

/** The 200 answer's body of a contract. */
export type AnswerOf<C extends Contract> = C extends Contract<infer A> ? A : never;

/** What a client sends as the JSON body (before the schema's transforms). */
export type BodyOf<C extends Contract> = C['body'] extends z.ZodMiniType ? z.input<C['body']> : never;

/** What a client sends in the query string (before the schema's transforms). */
export type QueryOf<C extends Contract> = C['query'] extends z.ZodMiniType ? z.input<C['query']> : never;

/** The body of every answer that is not a 2xx. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}
