import http from 'node:http';
import https from 'node:https';

// The one HTTP transport for every call the handlers make to Stripe and AWS. The handlers talk to
// both through small clients of their own (stripe-client.ts, aws/) instead of the vendors' SDKs:
// the SDKs cost several hundred KB per bundle and a few ms of CPU per call, against a budget of
// 300 KB and 5 ms. node:http(s) rather than fetch: less CPU per call, and keep-alive agents that
// survive between invocations of a warm Lambda.

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** Per attempt; a request that takes longer fails with a TimeoutError. */
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 50 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 50 }),
};

/**
 * A failure before a whole response arrived (refused, reset, timed out). The request may or may not
 * have been carried out: only a request with an idempotency key (Stripe) is safe to resend after a
 * timeout.
 */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export function send(req: OutboundRequest): Promise<OutboundResponse> {
  const isHttps = req.url.protocol === 'https:';
  if (!isHttps && req.url.protocol !== 'http:') throw new Error(`Unsupported protocol ${req.url.protocol}`);
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  const headers: Record<string, string> = { ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    // Looked up on the module at call time, so a wrapper installed later (bench/own-time.ts) sees it.
    const request = isHttps ? https.request : http.request;
    const r = request(req.url, { method: req.method, headers, agent: agents[req.url.protocol as 'http:'] });
    r.setTimeout(req.timeoutMs, () =>
      r.destroy(
        new NetworkError(
          `${req.method} ${req.url.host} timed out after ${req.timeoutMs} ms`,
          undefined,
          true,
        ),
      ),
    );
    r.on('error', (err) =>
      reject(
        err instanceof NetworkError
          ? err
          : new NetworkError(`${req.method} ${req.url.host}: ${err.message}`, err),
      ),
    );
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) =>
        reject(new NetworkError(`${req.method} ${req.url.host}: ${err.message}`, err)),
      );
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    r.end(body);
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Exponential backoff with full jitter, as both Stripe and AWS recommend: attempt 1 waits up to
 * base, attempt 2 up to 2×base, and so on, never more than max.
 */
export const backoff = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.random() * Math.min(maxMs, baseMs * 2 ** (attempt - 1));
