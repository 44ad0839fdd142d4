import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from '../http-helpers';
import { handleAdmin } from './admin';
import type { Ctx } from './context';
import { lockTimeout, idempotencyKeyInUse, rateLimited, StripeError } from './errors';
import { fromJson, parseForm, type FormObject } from './form';
import { BEFORE_EXECUTION, takeFault, takeFirstFault, type FaultKind } from './faults';
import { claimKey, Idempotency } from './idempotency';
import { delay } from './latency';
import type { JsonObject } from './json';
import { Params } from './params';
import { runDue } from './renewals';
import { customerRoutes } from './resources/customers';
import { eventRoutes } from './resources/events';
import { invoiceRoutes } from './resources/invoices';
import { paymentIntentRoutes } from './resources/paymentIntents';
import { paymentMethodRoutes } from './resources/paymentMethods';
import { productRoutes } from './resources/products';
import { subscriptionRoutes } from './resources/subscriptions';
import { subscriptionScheduleRoutes } from './resources/subscriptionSchedules';
import { taxIdRoutes } from './resources/taxIds';
import { testClockRoutes } from './resources/testClocks';
import { webhookEndpointRoutes } from './resources/webhookEndpoints';
import { receiptAnswer } from './receipts/serve';
import { matchRoute, type Route } from './router';
import { newId } from './store';
import { standInScript } from './stripe-js/serve';
import { ApiVersion } from './version';

const ROUTES: Route[] = [
  ...productRoutes,
  ...webhookEndpointRoutes,
  ...customerRoutes,
  ...taxIdRoutes,
  ...paymentMethodRoutes,
  ...subscriptionRoutes,
  ...subscriptionScheduleRoutes,
  ...invoiceRoutes,
  ...paymentIntentRoutes,
  ...eventRoutes,
  ...testClockRoutes,
];

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, idempotency-key, stripe-version, stripe-account',
  'access-control-expose-headers': 'request-id, idempotent-replayed',
  'access-control-max-age': '600',
};

function parseBody(body: string, contentType: string | undefined): FormObject {
  if (body.trim() === '') return {};
  if (contentType?.includes('application/json')) {
    try {
      return fromJson(JSON.parse(body)) as FormObject;
    } catch {
      throw new StripeError(400, 'invalid_request_error', 'Invalid JSON body.');
    }
  }
  return parseForm(body);
}

type Key = { kind: 'secret' | 'publishable'; value: string } | undefined;

function apiKey(req: IncomingMessage, params: FormObject): Key {
  const header = req.headers.authorization ?? '';
  let value: string | undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (bearer) value = bearer[1];
  else if (basic)
    value = Buffer.from(basic[1] as string, 'base64')
      .toString('utf8')
      .split(':')[0];
  // Stripe.js sends its publishable key as a `key` param (no preflight needed for a form POST).
  else if (typeof params.key === 'string') value = params.key;
  if (!value) return undefined;
  if (value.startsWith('sk_test_')) return { kind: 'secret', value };
  if (value.startsWith('pk_test_')) return { kind: 'publishable', value };
  return { kind: 'secret', value: '' };
}

function authError(message: string): StripeError {
  return new StripeError(401, 'invalid_request_error', message);
}

type Answer = {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** An error the SDK may retry (no `stripe-should-retry: false`), as Stripe's own 500s. */
  retryable?: boolean;
  /** Frees the request's Idempotency-Key once the answer is sent (idempotency.ts claimKey). */
  release?: () => void;
};

function json(status: number, value: JsonObject): Answer {
  return { status, body: `${JSON.stringify(value, null, 2)}\n` };
}

function errorAnswer(err: StripeError): Answer {
  const headers = err.fields.headers;
  return {
    ...json(err.status, err.toJson()),
    ...(headers && { headers, retryable: headers['stripe-should-retry'] !== 'false' }),
    // A 409 for a key in use: the SDK retries it whatever the headers say (unless told `false`).
    ...(err.fields.code === 'idempotency_key_in_use' && { retryable: true }),
  };
}

/** The answer of a fault injected before execution (faults.ts). */
function faultAnswer(kind: FaultKind): Answer {
  if (kind === 'idempotency-key-in-use') return errorAnswer(idempotencyKeyInUse());
  if (kind === 'rate-limit') return errorAnswer(rateLimited());
  if (kind === 'lock-timeout') return errorAnswer(lockTimeout());
  return injectedError();
}

/** Stripe's 500 (`api_error`), which the SDK may retry. */
function injectedError(): Answer {
  return {
    ...json(500, { error: { type: 'api_error', message: 'An unknown error occurred (injected fault).' } }),
    retryable: true,
  };
}

/** One request against the Stripe API surface. Handlers are synchronous: each call is atomic. */
async function handleApi(ctx: Ctx, req: IncomingMessage, url: URL, save: () => void): Promise<Answer> {
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  const query = parseForm(url.search.slice(1));
  const form = { ...query, ...parseBody(raw, req.headers['content-type']) };
  const key = apiKey(req, form);
  if (!key) {
    throw authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!key.value)
    throw authError('Invalid API Key provided: the emulator accepts sk_test_ and pk_test_ keys.');
  const match = matchRoute(ROUTES, method, url.pathname);
  if (!match) {
    throw new StripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }
  if (key.kind === 'publishable') {
    if (!match.route.publishable) {
      throw authError(
        'This API call cannot be made with a publishable API key. Please use a secret API key.',
      );
    }
    delete form.key;
  }
  const idemKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
  const fingerprint = Idempotency.fingerprint(method, url.pathname, raw);
  const idempotency = new Idempotency(ctx.state, () => ctx.clock.now());
  // Held until the answer is sent: a request with the same key meanwhile gets Stripe's 409.
  const release = typeof idemKey === 'string' ? claimKey(ctx.state, idemKey) : undefined;
  try {
    const answer = execute(ctx, { method, url, form, key, match, idemKey, fingerprint, idempotency }, save);
    return { ...answer, release };
  } catch (err) {
    release?.();
    throw err;
  }
}

type ApiCall = {
  method: string;
  url: URL;
  form: FormObject;
  key: NonNullable<Key>;
  match: NonNullable<ReturnType<typeof matchRoute>>;
  idemKey: string | string[] | undefined;
  fingerprint: string;
  idempotency: Idempotency;
};

/** Replays the key's stored answer, or runs the route and stores its answer under the key. */
function execute(ctx: Ctx, request: ApiCall, save: () => void): Answer {
  const { method, url, form, key, match, idemKey, fingerprint, idempotency } = request;
  if (typeof idemKey === 'string') {
    const replay = idempotency.lookup(idemKey, fingerprint);
    if (replay) return { ...replay, headers: { 'idempotent-replayed': 'true' } };
  }
  // A 500 after execution began (faults.ts): stored under the key like any answer, so a retry with
  // the same key gets it again, as from Stripe.
  const storedError = takeFault(ctx, method, url.pathname, 'error-stored')
    ? 'unchanged'
    : takeFault(ctx, method, url.pathname, 'error-after-change')
      ? 'changed'
      : undefined;
  let answer: Answer = injectedError();
  if (storedError !== 'unchanged') {
    try {
      // Time passes on its own too: anything due by now is settled before the call sees the state.
      runDue(ctx);
      const body = match.route.handler({
        ctx,
        params: new Params(form),
        path: match.path,
        publishable: key.kind === 'publishable',
      });
      answer = storedError ? injectedError() : json(200, body);
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      answer = errorAnswer(err);
    } finally {
      // A declined charge still changed state (the failed attempt, its events): keep it.
      if (method !== 'GET') save();
    }
  }
  if (typeof idemKey === 'string') {
    idempotency.remember(idemKey, fingerprint, answer.status, answer.body);
    save();
  }
  return answer;
}

async function handle(ctx: Ctx, req: IncomingMessage, save: () => void): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') return { status: 204, body: '' };
  if ((method === 'GET' || method === 'HEAD') && url.pathname === '/js/stripe.js') {
    return {
      status: 200,
      body: standInScript(`http://${req.headers.host ?? '127.0.0.1'}`),
      headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    };
  }
  if (method === 'GET' || method === 'HEAD') {
    const receipt = receiptAnswer(ctx, url.pathname);
    if (receipt) return receipt;
  }
  if (url.pathname.startsWith('/_emulator/')) {
    const raw = await readBody(req);
    const params = new Params({
      ...parseForm(url.search.slice(1)),
      ...parseBody(raw, req.headers['content-type']),
    });
    const body = handleAdmin(ctx, method, url.pathname, params);
    if (!body)
      throw new StripeError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${url.pathname}).`,
      );
    if (method !== 'GET') save();
    return json(200, body);
  }
  const early = takeFirstFault(ctx, method, url.pathname, BEFORE_EXECUTION);
  if (early) {
    await readBody(req);
    ctx.log(`${method} ${url.pathname} -> ${early} (injected fault)`);
    return faultAnswer(early);
  }
  return handleApi(ctx, req, url, save);
}

export function createEmulatorServer(ctx: Ctx, save: () => void): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const requestId = newId('req', 14);
    handle(ctx, req, save)
      .catch((err: unknown): Answer => {
        if (err instanceof StripeError) return errorAnswer(err);
        ctx.log(`error: ${(err as Error).stack ?? String(err)}`);
        return json(500, {
          error: { type: 'api_error', message: `Emulator error: ${(err as Error).message}` },
        });
      })
      // The modeled latency (latency.ts) delays API answers only, after the work is done: the
      // state has changed (and its webhooks may leave) before the caller hears back, as with Stripe.
      .then(async (answer) => {
        if ((req.url ?? '/').startsWith('/v1/')) await delay(ctx);
        return answer;
      })
      .then((answer) => {
        answer.release?.();
        const url = req.url ?? '/';
        if (!url.startsWith('/_emulator/') && takeFault(ctx, req.method ?? 'GET', url.split('?')[0] ?? url)) {
          ctx.log(`${req.method} ${url} -> ${answer.status}, answer dropped (injected fault)`);
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': requestId,
          'stripe-version': ApiVersion,
          ...(answer.status >= 400 && !answer.retryable ? { 'stripe-should-retry': 'false' } : {}),
          ...CORS,
          ...answer.headers,
        });
        res.end(answer.body);
        ctx.log(`${req.method} ${req.url} -> ${answer.status}`);
      })
      .catch((err: unknown) => {
        // Writing the answer failed (the client went away): nothing is left to tell it.
        ctx.log(`error writing the answer: ${String(err)}`);
        res.destroy();
      });
  });
}
