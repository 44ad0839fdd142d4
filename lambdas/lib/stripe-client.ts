import { randomUUID } from 'node:crypto';
import { NetworkError, send, sleep, type OutboundResponse } from './outbound';

// The Stripe API calls the handlers make, without the `stripe` SDK (about 240 KB per bundle and a few
// ms of CPU per call). It speaks what the SDK speaks for v1: form-encoded bodies, GET/DELETE params in
// the query string, a pinned Stripe-Version, an Idempotency-Key on every POST so retries are safe, and
// the SDK's retry rules and error classes. Only types come from the SDK (`import type`).

/** The SDK's `Stripe.API_VERSION` (a unit test keeps the two equal): responses and events use this shape. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

const DEFAULT_API_BASE = 'https://api.stripe.com';
const USER_AGENT = 'Stockbench-BFF';

// ---------------------------------------------------------------------------------------------------
// Form encoding, as the SDK's queryStringifyRequestData: `a[b][0][c]=x`, arrays with indices,
// brackets left unescaped, undefined dropped, null as an empty string, Dates as unix seconds.

function encodeComponent(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

function scalar(value: unknown): string {
  if (value instanceof Date) return String(Math.floor(value.getTime() / 1000));
  if (value === null) return '';
  return String(value);
}

export function encodeForm(params: object): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      pairs.push(`${encodeComponent(key)}=${encodeComponent(scalar(value))}`);
    } else if (Array.isArray(value)) {
      value.forEach((v: unknown, i) => add(`${key}[${i}]`, v));
    } else {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    }
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return pairs.join('&');
}

// ---------------------------------------------------------------------------------------------------
// Errors. `type` carries the SDK's class name, which http.ts's errorToResult duck-types.

export type StripeErrorType =
  | 'StripeCardError'
  | 'StripeInvalidRequestError'
  | 'StripeIdempotencyError'
  | 'StripeAPIError'
  | 'StripeAuthenticationError'
  | 'StripePermissionError'
  | 'StripeRateLimitError'
  | 'StripeConnectionError';

/** Stripe's JSON error body (`{ error: {...} }`), plus what the response said around it. */
export interface RawStripeError {
  type?: string;
  message?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  statusCode?: number;
  requestId?: string;
  [key: string]: unknown;
}

export class StripeApiError extends Error {
  readonly type: StripeErrorType;
  /** Stripe's own error type: card_error, invalid_request_error, idempotency_error, api_error… */
  readonly rawType: string | undefined;
  readonly code: string | undefined;
  readonly decline_code: string | undefined;
  readonly param: string | undefined;
  readonly doc_url: string | undefined;
  readonly statusCode: number | undefined;
  readonly requestId: string | undefined;

  constructor(
    type: StripeErrorType,
    readonly raw: RawStripeError,
  ) {
    super(raw.message ?? '');
    this.name = type;
    this.type = type;
    this.rawType = raw.type;
    this.code = raw.code;
    // As the SDK: a card error always has a decline_code string.
    this.decline_code = type === 'StripeCardError' ? (raw.decline_code ?? '') : raw.decline_code;
    this.param = raw.param;
    this.doc_url = raw.doc_url;
    this.statusCode = raw.statusCode;
    this.requestId = raw.requestId;
  }
}

/**
 * The SDK's generateV1Error, except that Stripe's own `type` decides for card and idempotency errors
 * whatever the status (as the SDK's type-based mapping does): a concurrent request on an in-progress
 * key answers 409 idempotency_error, which http.ts answers as "in progress".
 */
export function stripeErrorFrom(raw: RawStripeError): StripeApiError {
  const status = raw.statusCode ?? 0;
  const type: StripeErrorType =
    status === 429 || (status === 400 && raw.code === 'rate_limit')
      ? 'StripeRateLimitError'
      : raw.type === 'idempotency_error'
        ? 'StripeIdempotencyError'
        : raw.type === 'card_error' || status === 402
          ? 'StripeCardError'
          : status === 400 || status === 404
            ? 'StripeInvalidRequestError'
            : status === 401
              ? 'StripeAuthenticationError'
              : status === 403
                ? 'StripePermissionError'
                : 'StripeAPIError';
  return new StripeApiError(type, raw);
}

// ---------------------------------------------------------------------------------------------------
// The client.

export interface StripeClientOptions {
  secretKey: string;
  /** Base URL; default https://api.stripe.com (locally the emulator). */
  apiBase?: string;
  /** Retries after the first attempt (the SDK's maxNetworkRetries). */
  maxNetworkRetries?: number;
  /** For one call, all its attempts together: a retry gets what is left, and none starts with under 1 s. */
  timeoutMs?: number;
}

export interface RequestOptions {
  idempotencyKey?: string;
}

type Method = 'GET' | 'POST' | 'DELETE';

const header = (res: OutboundResponse, name: string): string | undefined => {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The SDK's _shouldRetry for an answer (network failures are always retried while retries remain). */
function shouldRetry(res: OutboundResponse): boolean {
  const advice = header(res, 'stripe-should-retry');
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return res.status === 409 || res.status >= 500;
}

/** The SDK's delay: 0.5 s doubling per retry up to 5 s, jittered to 50-100 %, never under 0.5 s. */
function retryDelayMs(retriesSoFar: number): number {
  const seconds = Math.min(0.5 * 2 ** (retriesSoFar - 1), 5) * 0.5 * (1 + Math.random());
  return Math.max(0.5, seconds) * 1000;
}

function parseAnswer<T>(res: OutboundResponse): T {
  const requestId = header(res, 'request-id');
  let json: { error?: RawStripeError } & Record<string, unknown>;
  try {
    json = JSON.parse(res.body) as typeof json;
    if (typeof json !== 'object' || json === null) throw new Error('not an object');
  } catch {
    // As the SDK: whatever the status (a proxy's HTML page, a cut body), an API error.
    throw new StripeApiError('StripeAPIError', {
      message: `Invalid JSON received from the Stripe API (status ${res.status})`,
      statusCode: res.status,
      requestId,
    });
  }
  if (json.error || res.status >= 400) {
    throw stripeErrorFrom({
      ...(typeof json.error === 'object' ? json.error : { message: `Stripe answered ${res.status}` }),
      statusCode: res.status,
      requestId,
    });
  }
  return json as T;
}

export class StripeClient {
  private readonly secretKey: string;
  private readonly apiBase: string;
  private readonly maxNetworkRetries: number;
  private readonly timeoutMs: number;

  constructor(opts: StripeClientOptions) {
    this.secretKey = opts.secretKey;
    this.apiBase = opts.apiBase ?? DEFAULT_API_BASE;
    this.maxNetworkRetries = opts.maxNetworkRetries ?? 2;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  get<T>(path: string, params?: object, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, params, options);
  }

  post<T>(path: string, params?: object, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, params, options);
  }

  del<T>(path: string, params?: object, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, params, options);
  }

  async request<T>(
    method: Method,
    path: string,
    params: object = {},
    options: RequestOptions = {},
  ): Promise<T> {
    const encoded = encodeForm(params);
    const inQuery = method !== 'POST';
    const url = new URL(inQuery && encoded ? `${path}?${encoded}` : path, this.apiBase);
    const body = inQuery ? undefined : encoded;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'stripe-version': STRIPE_API_VERSION,
      'user-agent': USER_AGENT,
    };
    // Every POST carries a key (as the SDK does), so a retry after a lost answer cannot act twice.
    const idempotencyKey =
      options.idempotencyKey ?? (method === 'POST' ? `bff-retry-${randomUUID()}` : undefined);
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;

    const deadline = Date.now() + this.timeoutMs;
    const canRetry = (retries: number) => retries < this.maxNetworkRetries && deadline - Date.now() > 1000;
    for (let retries = 0; ; retries++) {
      let res: OutboundResponse;
      try {
        res = await send({ method, url, headers, body, timeoutMs: Math.max(1, deadline - Date.now()) });
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        if (canRetry(retries)) {
          await sleep(retryDelayMs(retries));
          continue;
        }
        throw new StripeApiError('StripeConnectionError', {
          message: `An error occurred with our connection to Stripe (${err.message}).${retries > 0 ? ` Request was retried ${retries} times.` : ''}`,
        });
      }
      if (canRetry(retries) && shouldRetry(res)) {
        await sleep(retryDelayMs(retries));
        continue;
      }
      return parseAnswer<T>(res);
    }
  }
}
