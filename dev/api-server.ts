import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../lambdas/lib/origin-check';
import { routes as defaultRoutes, type RouteDef } from '../lambdas/routes';
import { DEFAULT_HANDLERS_DIR } from '../cdk/lib/handler-bundles';
import type { Credentials } from './iam/policy';
import { decodeJwt, JwtError, remoteJwks, verifyJwt, type JwtPayload } from './jwt';
import { BodyTooLargeError, readBodyBytes, sendJson } from './http-helpers';
import {
  contextFields,
  inProcessInvokers,
  TIMEOUT_MS,
  workerInvokers,
  type LambdaResult,
  type LogSink,
} from './lambda-workers';
import { inFlight } from './in-flight';
import { listen } from './listen';

// Plays API Gateway (HTTP API, payload format 2.0) for /api/*: builds the same event, runs the same
// JWT authorizer rules (Cognito issuer, client id as audience), calls the handler in lambdas/endpoints,
// and writes its result as API Gateway would, including its 401/404/413/500 answers.
// Each handler runs as its own Lambda would (lambda-workers.ts): in a worker thread of its own, from the
// bundle CDK would deploy, with its own AWS credentials, so the local IAM gate (dev/iam/gate.ts) sees
// which handler calls.

/** API Gateway allows 10 MB; we refuse more than 1 MB so an oversized request shows up early. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface JwtAuthorizerConfig {
  issuer: string;
  jwksUrl: string;
  /** The app client id: a token's `aud` (ID token) or `client_id` (access token) must equal it. */
  audience: string;
}

export interface ApiHandlerOptions {
  jwt: JwtAuthorizerConfig;
  /** Every handler's environment (handlers read their configuration from it), as CDK sets it. */
  env?: Record<string, string>;
  /** Each handler's own AWS credentials, as its Lambda role's reach the function: added to its env. */
  credentials?: (handler: string) => Credentials | undefined;
  routes?: readonly RouteDef[];
  /** Directory of the handler modules (default lambdas/endpoints: <name>/handler.ts). */
  handlersDir?: string;
  /**
   * 'worker' (default): each handler bundled as CDK bundles it, in a worker thread of its own with its
   * own env. 'in-process': the handler modules imported into this process, `env` copied into
   * process.env, no credentials of their own (bench:api times handlers this way).
   */
  isolation?: 'worker' | 'in-process';
  /** Each line a handler logs, as Lambda's runtime writes it (default: this process's console). */
  logSink?: LogSink;
}

/** Receives every log line of a function run in a worker, with the function's name. */

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const TEXT_TYPES =
  /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded|graphql))/i;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The API as a node request handler, plus `idle()`: resolves once no request is being handled, and
 * `close()`: ends the handlers' workers.
 */
export type ApiHandler = NodeHandler & { idle(): Promise<void>; close(): Promise<void> };

export function createApiHandler(opts: ApiHandlerOptions): ApiHandler {
  const routes = opts.routes ?? defaultRoutes;
  const handlersDir = opts.handlersDir ?? DEFAULT_HANDLERS_DIR;
  const getKey = remoteJwks(opts.jwt.jwksUrl);
  const originSecret = opts.env?.[ORIGIN_VERIFY_ENV];
  const invokers =
    opts.isolation === 'in-process'
      ? inProcessInvokers(handlersDir, opts.env)
      : workerInvokers(handlersDir, opts.env ?? {}, opts.credentials, opts.logSink);

  const authorize = async (header: string | undefined): Promise<JwtPayload> => {
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw new HttpError(401, 'Unauthorized');
    try {
      // As API Gateway: a kid naming a JWKS key, the issuer, `aud` (or `client_id` only when there is
      // no `aud`) among the audiences, exp after and nbf, iat before now. token_use is the handlers'.
      if (typeof decodeJwt(token).header.kid !== 'string') throw new JwtError('signature', 'no kid');
      const claims = await verifyJwt(token, getKey, { issuer: opts.jwt.issuer });
      const audience = claims.aud !== undefined ? claims.aud : claims.client_id;
      if (!(Array.isArray(audience) ? audience : [audience]).includes(opts.jwt.audience)) {
        throw new JwtError('claim', 'audience');
      }
      if (typeof claims.iat === 'number' && claims.iat > Math.floor(Date.now() / 1000)) {
        throw new JwtError('claim', 'issued in the future');
      }
      return claims;
    } catch (error) {
      if (error instanceof JwtError) throw new HttpError(401, 'Unauthorized');
      throw error;
    }
  };

  // Requests still being handled: a stack that stops waits for them (dev/in-flight.ts).
  const requests = inFlight();
  const handler: NodeHandler = (req, res) => {
    void requests.track(
      serve(req, res).catch((error: unknown) => {
        if (error instanceof HttpError) return sendJson(res, error.status, { message: error.message });
        console.error('[api]', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
        else res.destroy();
      }),
    );
  };
  const idle = requests.idle;
  return Object.assign(handler, { idle, close: invokers.close });

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(routes, method, url.pathname);
    if (!match) {
      await drain(req);
      throw new HttpError(404, 'Not Found');
    }
    const body = await readBodyBytes(req, MAX_BODY_BYTES).catch((error: unknown) => {
      throw error instanceof BodyTooLargeError ? new HttpError(413, 'Request Entity Too Large') : error;
    });
    const headers = lowerCaseHeaders(req);
    // CloudFront's /api/* origin adds the origin secret, overwriting a viewer's header of that name
    // (cdk/lib/site.ts); this server stands for CloudFront too, so it does the same with the secret it
    // gives the handlers. Without one in `env`, requests reach them without it, as a direct call would.
    if (originSecret) headers[ORIGIN_VERIFY_HEADER] = originSecret;
    const { cookie, ...headersWithoutCookie } = headers;
    const contentType = headers['content-type'] ?? '';
    const isText = body.length === 0 || TEXT_TYPES.test(contentType) || (!contentType && isUtf8(body));
    const routeKey = `${match.route.method} ${match.route.path}`;
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: cookie ? cookie.split(/;\s*/).filter(Boolean) : undefined,
      headers: headersWithoutCookie,
      queryStringParameters: queryParameters(url.searchParams),
      pathParameters: match.params,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: new Date(started).toUTCString(),
        timeEpoch: started,
      },
      body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !isText,
    };
    if (match.route.auth === 'jwt') {
      const claims = await authorize(headers.authorization);
      const scope = typeof claims.scope === 'string' ? claims.scope.split(' ') : undefined;
      (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext.authorizer = {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: stringClaims(claims), scopes: scope as string[] },
      };
    }

    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HttpError(503, 'Service Unavailable')), TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([
        invokers.invoke(match.route.handler, event, contextFields(match.route.handler, started)),
        timeout,
      ]);
      writeResult(res, result);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // A handler that throws is a failed invocation: API Gateway answers a bare 500.
      console.error(`[api] ${routeKey} threw:`, error);
      throw new HttpError(500, 'Internal Server Error');
    } finally {
      clearTimeout(timer);
    }
  }
}

export async function startApiServer(opts: ApiHandlerOptions & { port: number }): Promise<{
  url: string;
  port: number;
  stop(): Promise<void>;
  idle(): Promise<void>;
  /** Ends every handler's worker: the next request starts a fresh one, as a new Lambda instance. */
  recycle(): Promise<void>;
}> {
  const handler = createApiHandler(opts);
  const server = await listen(http.createServer(handler), opts.port);
  return {
    ...server,
    idle: handler.idle,
    recycle: handler.close,
    stop: async () => {
      await server.stop();
      await handler.close();
    },
  };
}

function matchRoute(
  routes: readonly RouteDef[],
  method: string,
  pathname: string,
): { route: RouteDef; params?: Record<string, string> } | undefined {
  const parts = pathname.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      const actual = parts[i] ?? '';
      const param = /^\{(\w+)\}$/.exec(p)?.[1];
      if (param && actual) params[param] = decodeURIComponent(actual);
      return param ? actual !== '' : p === actual;
    });
    if (ok) return { route, params: Object.keys(params).length ? params : undefined };
  }
  return undefined;
}

/** API Gateway passes claims as strings (arrays as "[a b]"). */
function stringClaims(claims: JwtPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value)
      ? `[${value.join(' ')}]`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return out;
}

function lowerCaseHeaders(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

function queryParameters(params: URLSearchParams): Record<string, string> | undefined {
  // A Map, then Object.fromEntries: every key becomes an own property, "__proto__" too, as in the JSON
  // object API Gateway hands the function (an assignment to a plain object would drop that key).
  const joined = new Map<string, string>();
  for (const [key, value] of params) {
    const before = joined.get(key);
    joined.set(key, before === undefined ? value : `${before},${value}`);
  }
  return joined.size ? Object.fromEntries(joined) : undefined;
}

function isUtf8(buf: Buffer): boolean {
  return Buffer.from(buf.toString('utf8'), 'utf8').equals(buf);
}

/** Reads and discards the body so the client sees our answer rather than a reset connection. */
function drain(req: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    req.on('data', () => undefined);
    req.on('end', () => resolve());
    req.on('error', () => resolve());
    req.on('close', () => resolve());
  });
}

function writeResult(res: http.ServerResponse, result: LambdaResult): void {
  // Payload 2.0: a result without statusCode is a 200 JSON body.
  if (result === undefined || result === null || typeof result === 'string' || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const headers: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(r.headers ?? {})) headers[key.toLowerCase()] = String(value);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  const body = r.body === undefined ? undefined : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body;
  res.writeHead(r.statusCode ?? 200, headers).end(body);
}
