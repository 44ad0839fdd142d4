import { RefusedError } from './errors';

// A refusal a handler states in HTTP terms itself (its status, a stable machine code and a readable
// message), for the checks it makes on a request. Adapters and rules throw domain errors instead
// (errors.ts); http.ts answers both. A 4xx ApiError is a refusal like errors.ts's RefusedError.

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
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);

/** Whether `err` refused the request (a 4xx) and so changed nothing. */
export const isRefusal = (err: unknown): boolean =>
  err instanceof ApiError ? err.statusCode < 500 : err instanceof RefusedError;
