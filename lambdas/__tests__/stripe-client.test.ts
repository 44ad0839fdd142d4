import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { errorToResult } from '../lib/http';
import type * as Outbound from '../lib/outbound';
import { sleep } from '../lib/outbound';
import * as lib from '../lib/stripe';
import { encodeForm, STRIPE_API_VERSION, StripeClient, stripeErrorFrom } from '../lib/stripe-client';

// Our Stripe client against the SDK it replaces, without the emulator: both talk to a local server that
// records each request, and every call of lib/stripe.ts must send what the SDK sent for it before
// (method, path and query, form body, idempotency key, version). Also the SDK's retry rules and
// error classes. (The SDK is only a test dependency here; the handlers import its types alone.)

jest.mock('../lib/outbound', () => ({
  ...jest.requireActual<typeof Outbound>('../lib/outbound'),
  // Retries wait 0.5 s or more; the tests record the wait instead.
  sleep: jest.fn(() => Promise.resolve()),
}));

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

type Reply = {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is instead of JSON. */
  raw?: string;
  destroy?: boolean;
};

class Recorder {
  seen: Seen[] = [];
  replies: Reply[] = [];
  fallback: (req: Seen) => Reply = () => ({ body: { id: 'obj_1', object: 'thing', data: [] } });
  private server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      };
      this.seen.push(seen);
      const reply = this.replies.shift() ?? this.fallback(seen);
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json',
        'request-id': 'req_1',
        ...reply.headers,
      });
      res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  take(): Seen[] {
    return this.seen.splice(0);
  }
}

const rec = new Recorder();
let sdk: Stripe;

beforeAll(async () => {
  await rec.start();
  process.env.STRIPE_API_URL = rec.url;
  process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_unit';
  process.env.STRIPE_PRICE_ID = 'price_1';
  const { hostname, port } = new URL(rec.url);
  sdk = new Stripe('sk_test_unit', {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});

afterAll(() => rec.stop());

beforeEach(() => {
  rec.take();
  rec.replies = [];
  jest.mocked(sleep).mockClear();
});

/** What must match between the SDK and our client; an auto-generated key only has to be there. */
function essence(s: Seen) {
  const key = s.headers['idempotency-key'];
  return {
    method: s.method,
    url: s.url,
    body: s.body,
    idempotencyKey: typeof key === 'string' && /^(stripe-node|bff)-retry-/.test(key) ? '<auto>' : key,
    version: s.headers['stripe-version'],
    auth: s.headers.authorization,
    contentType: s.headers['content-type'],
  };
}

/** Runs ours and then the SDK's version of one call and compares the requests each made. */
async function sameRequests(ours: () => Promise<unknown>, theirs: () => Promise<unknown>): Promise<Seen[]> {
  await ours();
  const a = rec.take();
  await theirs();
  const b = rec.take();
  expect(a.length).toBeGreaterThan(0);
  expect(a.map(essence)).toEqual(b.map(essence));
  return a;
}

const sub = {
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  default_payment_method: { id: 'pm_1', object: 'payment_method' },
  latest_invoice: 'in_9',
  items: { object: 'list', data: [{ id: 'si_1', quantity: 2, price: { id: 'price_1' } }] },
} as unknown as Stripe.Subscription;
const SUB_EXPAND = ['default_payment_method', 'latest_invoice.confirmation_secret'];

describe('the API version', () => {
  it('is the installed SDK version', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});

describe('form encoding', () => {
  const cases: [string, Record<string, unknown>][] = [
    [
      'flat values, booleans and numbers',
      { email: 'a+b@x.io', quantity: 3, cancel_at_period_end: false, n: 0 },
    ],
    [
      'nested objects',
      { metadata: { uid: 'u 1', 'odd key': 'v&w=z' }, invoice_settings: { default_payment_method: 'pm_1' } },
    ],
    [
      'arrays of objects',
      {
        items: [
          { price: 'price_1', quantity: 2 },
          { id: 'si_1', deleted: true },
        ],
      },
    ],
    ['expand arrays', { expand: ['default_payment_method', 'latest_invoice.confirmation_secret'] }],
    [
      'undefined dropped, empty string and null kept',
      { email: undefined, description: '', coupon: null, a: [undefined, 'x'] },
    ],
    ['reserved characters', { q: "it's (quite) *odd*! [x] ~ü€/?#" }],
    [
      'deep mix',
      { subscription_details: { items: [{ id: 'si_1', quantity: 3, metadata: { k: ['a', 'b'] } }] } },
    ],
    ['dates as unix seconds', { at: new Date(1_700_000_000_123) }],
  ];

  it.each(cases)('%s: equals the SDK body', async (_name, params) => {
    const ours = new StripeClient({ secretKey: 'sk_test_unit', apiBase: rec.url });
    const [seen] = await sameRequests(
      () => ours.post('/v1/thing', params),
      () => sdk.rawRequest('POST', '/v1/thing', params),
    );
    expect(seen?.body).toBe(encodeForm(params));
  });

  it('spells out the indices and keeps brackets unescaped', () => {
    expect(
      encodeForm({
        items: [{ price: 'p', quantity: 2 }],
        expand: ['a.b'],
        metadata: { uid: 'u' },
        on: true,
        gone: undefined,
        empty: '',
      }),
    ).toBe('items[0][price]=p&items[0][quantity]=2&expand[0]=a.b&metadata[uid]=u&on=true&empty=');
  });

  it('puts GET and DELETE params in the query string, as the SDK', async () => {
    const ours = new StripeClient({ secretKey: 'sk_test_unit', apiBase: rec.url });
    await sameRequests(
      () =>
        ours.get('/v1/invoices', { subscription: 'sub_1', status: 'open', limit: 10, expand: ['data.x'] }),
      () => sdk.invoices.list({ subscription: 'sub_1', status: 'open', limit: 10, expand: ['data.x'] }),
    );
    await sameRequests(
      () => ours.del('/v1/subscriptions/sub_1', { invoice_now: true }),
      () => sdk.subscriptions.cancel('sub_1', { invoice_now: true }),
    );
  });
});

describe('every call of lib/stripe.ts sends what the SDK sent', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000));
  afterEach(() => jest.restoreAllMocks());

  it('retrieveSubscription', async () => {
    await sameRequests(
      () => lib.retrieveSubscription('sub_1'),
      () => sdk.subscriptions.retrieve('sub_1', { expand: SUB_EXPAND }),
    );
  });

  it('createCustomer, with and without an email', async () => {
    await sameRequests(
      () => lib.createCustomer('u1', 'a@example.com'),
      () =>
        sdk.customers.create(
          { email: 'a@example.com', metadata: { uid: 'u1' } },
          { idempotencyKey: 'customer:u1' },
        ),
    );
    await sameRequests(
      () => lib.createCustomer('u2', undefined),
      () =>
        sdk.customers.create(
          { email: undefined, metadata: { uid: 'u2' } },
          { idempotencyKey: 'customer:u2' },
        ),
    );
  });

  it('createIncompleteSubscription', async () => {
    await sameRequests(
      () =>
        lib.createIncompleteSubscription({ uid: 'u1', customerId: 'cus_1', count: 2, replaces: undefined }),
      () =>
        sdk.subscriptions.create(
          {
            customer: 'cus_1',
            items: [{ price: 'price_1', quantity: 2 }],
            payment_behavior: 'default_incomplete',
            payment_settings: {
              save_default_payment_method: 'on_subscription',
              payment_method_types: ['card'],
            },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { uid: 'u1' },
          },
          { idempotencyKey: 'subscription:u1:cus_1:2:first' },
        ),
    );
  });

  it('cancelSubscription', async () => {
    await sameRequests(
      () => lib.cancelSubscription('sub_1'),
      () => sdk.subscriptions.cancel('sub_1', {}, { idempotencyKey: 'cancel:sub_1' }),
    );
  });

  it('raiseQuantity', async () => {
    await sameRequests(
      () => lib.raiseQuantity(sub, 3),
      () =>
        sdk.subscriptions.update(
          'sub_1',
          {
            items: [{ id: 'si_1', quantity: 3 }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            expand: SUB_EXPAND,
          },
          { idempotencyKey: 'add:sub_1:2->3:pm_1:in_9' },
        ),
    );
  });

  it('lowerRenewingQuantity, to a number and to zero', async () => {
    await sameRequests(
      () => lib.lowerRenewingQuantity(sub, 1),
      () =>
        sdk.subscriptions.update(
          'sub_1',
          {
            items: [{ id: 'si_1', quantity: 1 }],
            proration_behavior: 'none',
            cancel_at_period_end: false,
            expand: SUB_EXPAND,
          },
          { idempotencyKey: 'renewing:sub_1:2->1:in_9' },
        ),
    );
    await sameRequests(
      () => lib.lowerRenewingQuantity(sub, 0),
      () =>
        sdk.subscriptions.update(
          'sub_1',
          { cancel_at_period_end: true, proration_behavior: 'none', expand: SUB_EXPAND },
          { idempotencyKey: 'renewing:sub_1:2->0:in_9' },
        ),
    );
  });

  it('previewRaise', async () => {
    await sameRequests(
      () => lib.previewRaise(sub, 4),
      () =>
        sdk.invoices.createPreview({
          customer: 'cus_1',
          subscription: 'sub_1',
          subscription_details: {
            items: [{ id: 'si_1', quantity: 4 }],
            proration_behavior: 'always_invoice',
            proration_date: 1_800_000_000,
          },
        }),
    );
  });

  it('retrievePaymentMethod and attachPaymentMethod', async () => {
    await sameRequests(
      () => lib.retrievePaymentMethod('pm_1'),
      () => sdk.paymentMethods.retrieve('pm_1'),
    );
    await sameRequests(
      () => lib.attachPaymentMethod('pm_1', 'cus_1'),
      () => sdk.paymentMethods.attach('pm_1', { customer: 'cus_1' }, { idempotencyKey: 'attach:pm_1:cus_1' }),
    );
  });

  it('setDefaultPaymentMethod', async () => {
    await sameRequests(
      () => lib.setDefaultPaymentMethod('cus_1', 'sub_1', 'pm_2'),
      async () => {
        await sdk.customers.update('cus_1', { invoice_settings: { default_payment_method: 'pm_2' } });
        await sdk.subscriptions.update('sub_1', { default_payment_method: 'pm_2', expand: SUB_EXPAND });
      },
    );
  });

  it('payOpenInvoices pays the open invoices oldest first', async () => {
    rec.fallback = (req) =>
      req.method === 'GET'
        ? {
            body: {
              object: 'list',
              data: [
                { id: 'in_2', created: 20 },
                { id: 'in_1', created: 10 },
              ],
            },
          }
        : { body: { id: 'x' } };
    try {
      const seen = await sameRequests(
        () => lib.payOpenInvoices('sub_1', 'pm_2'),
        async () => {
          await sdk.invoices.list({ subscription: 'sub_1', status: 'open', limit: 10 });
          await sdk.invoices.pay('in_1', { payment_method: 'pm_2' }, { idempotencyKey: 'pay:in_1:pm_2' });
          await sdk.invoices.pay('in_2', { payment_method: 'pm_2' }, { idempotencyKey: 'pay:in_2:pm_2' });
        },
      );
      expect(seen).toHaveLength(3);
    } finally {
      rec.fallback = () => ({ body: { id: 'obj_1', object: 'thing', data: [] } });
    }
  });

  it('updateCustomerEmail and deleteCustomer', async () => {
    await sameRequests(
      () => lib.updateCustomerEmail('cus_1', 'new@example.com'),
      () => sdk.customers.update('cus_1', { email: 'new@example.com' }),
    );
    await sameRequests(
      () => lib.deleteCustomer('cus_1'),
      () => sdk.customers.del('cus_1'),
    );
  });
});

const cardError = {
  error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
const idempotencyError = {
  error: {
    type: 'idempotency_error',
    message: 'Keys for idempotent requests can only be used with the same parameters.',
  },
};
const event = { requestContext: { requestId: 'r1' } } as Parameters<typeof errorToResult>[1];

describe('errors', () => {
  it('maps card_error to StripeCardError with its code, as the SDK', async () => {
    rec.replies = [
      { status: 402, body: cardError },
      { status: 402, body: cardError },
    ];
    const ours = await lib.retrievePaymentMethod('pm_1').catch((e: unknown) => e);
    const theirs = await sdk.paymentMethods.retrieve('pm_1').catch((e: unknown) => e);
    expect(ours).toMatchObject({
      type: 'StripeCardError',
      rawType: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      statusCode: 402,
      requestId: 'req_1',
    });
    expect(theirs).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const result = errorToResult(ours, event);
    expect(result.statusCode).toBe(402);
    expect(JSON.parse(String(result.body))).toEqual({
      error: { code: 'CARD_DECLINED', message: 'Your card has insufficient funds.' },
    });
  });

  it('maps idempotency_error to StripeIdempotencyError (409 for the client)', async () => {
    rec.replies = [{ status: 400, body: idempotencyError }];
    const err = await lib.createCustomer('u1', undefined).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect(errorToResult(err, event).statusCode).toBe(409);
    // Stripe answers a key whose first request is still running with 409 idempotency_error: the SDK
    // would call that StripeAPIError; the type decides here, so the client hears "in progress".
    expect(stripeErrorFrom({ ...idempotencyError.error, statusCode: 409 }).type).toBe(
      'StripeIdempotencyError',
    );
  });

  it.each([
    [400, { type: 'invalid_request_error', message: 'x' }, 'StripeInvalidRequestError'],
    [
      404,
      { type: 'invalid_request_error', code: 'resource_missing', message: 'x' },
      'StripeInvalidRequestError',
    ],
    [401, { type: 'invalid_request_error', message: 'x' }, 'StripeAuthenticationError'],
    [403, { type: 'invalid_request_error', message: 'x' }, 'StripePermissionError'],
    [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'x' }, 'StripeRateLimitError'],
    [400, { type: 'invalid_request_error', code: 'rate_limit', message: 'x' }, 'StripeRateLimitError'],
    [500, { type: 'api_error', message: 'x' }, 'StripeAPIError'],
    [402, { type: 'card_error', message: 'x' }, 'StripeCardError'],
  ])('status %i %j -> %s', (statusCode, raw, type) => {
    expect(stripeErrorFrom({ ...raw, statusCode }).type).toBe(type);
  });

  it('keeps resource_missing handling: unknown card is bad input, deleted customer is fine', async () => {
    const missing = {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such' },
    };
    rec.replies = [{ status: 404, body: missing }];
    await expect(lib.retrievePaymentMethod('pm_x')).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_PAYMENT_METHOD',
    });
    rec.replies = [{ status: 404, body: missing }];
    await expect(lib.deleteCustomer('cus_x')).resolves.toBe(false);
  });

  it('reports a non-JSON answer as StripeAPIError', async () => {
    rec.replies = [{ status: 502, raw: '<html>Bad gateway</html>' }];
    const client = new StripeClient({ secretKey: 'sk_test_unit', apiBase: rec.url, maxNetworkRetries: 0 });
    await expect(client.get('/v1/x')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 502 });
    rec.replies = [
      { status: 404, raw: 'Not Found' },
      { status: 200, raw: 'null' },
    ];
    await expect(client.get('/v1/x')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 404 });
    await expect(client.get('/v1/x')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 200 });
  });
});

describe('retries (maxNetworkRetries 2, the SDK rules)', () => {
  const client = () => new StripeClient({ secretKey: 'sk_test_unit', apiBase: rec.url });

  it('retries a 5xx with the same auto-generated idempotency key, after at least 0.5 s', async () => {
    rec.replies = [{ status: 500, body: { error: { type: 'api_error', message: 'boom' } } }];
    await expect(client().post('/v1/customers', { email: 'a@x.io' })).resolves.toMatchObject({ id: 'obj_1' });
    const seen = rec.take();
    expect(seen).toHaveLength(2);
    const [first, second] = seen.map((s) => s.headers['idempotency-key']);
    expect(first).toMatch(/^bff-retry-[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(seen[1]?.body).toBe(seen[0]?.body);
    const waited = jest.mocked(sleep).mock.calls.map(([ms]) => ms);
    expect(waited).toHaveLength(1);
    expect(waited[0]).toBeGreaterThanOrEqual(500);
    expect(waited[0]).toBeLessThanOrEqual(1000);
  });

  it('retries a 409 and a network failure, with the explicit key; gives up after two retries', async () => {
    rec.replies = [
      { status: 409, body: { error: { type: 'invalid_request_error', message: 'lock' } } },
      { destroy: true },
    ];
    await client().post('/v1/customers', {}, { idempotencyKey: 'customer:u9' });
    expect(rec.take().map((s) => s.headers['idempotency-key'])).toEqual([
      'customer:u9',
      'customer:u9',
      'customer:u9',
    ]);

    rec.replies = [{ destroy: true }, { destroy: true }, { destroy: true }];
    await expect(client().get('/v1/customers/cus_1')).rejects.toMatchObject({
      type: 'StripeConnectionError',
    });
    const seen = rec.take();
    expect(seen).toHaveLength(3);
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined(); // a GET needs no key
  });

  it('follows Stripe-Should-Retry both ways', async () => {
    const err = { error: { type: 'api_error', message: 'no' } };
    rec.replies = [{ status: 500, body: err, headers: { 'stripe-should-retry': 'false' } }];
    await expect(client().post('/v1/x')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(rec.take()).toHaveLength(1);

    rec.replies = [{ status: 400, body: err, headers: { 'stripe-should-retry': 'true' } }];
    await expect(client().post('/v1/x')).resolves.toMatchObject({ id: 'obj_1' });
    expect(rec.take()).toHaveLength(2);
  });

  it('does not retry a client error or a card decline', async () => {
    rec.replies = [{ status: 402, body: cardError }];
    await expect(client().post('/v1/x')).rejects.toMatchObject({ type: 'StripeCardError' });
    expect(rec.take()).toHaveLength(1);
  });

  it('times out an attempt', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const c = new StripeClient({
        secretKey: 'sk_test_unit',
        apiBase: base,
        timeoutMs: 100,
        maxNetworkRetries: 0,
      });
      await expect(c.get('/v1/x')).rejects.toMatchObject({
        type: 'StripeConnectionError',
        message: expect.stringMatching(/timed out/) as unknown,
      });

      // The budget covers every attempt: with retries allowed, none starts once under 1 s is left.
      let attempts = 0;
      silent.on('request', () => attempts++);
      const budgeted = new StripeClient({ secretKey: 'sk_test_unit', apiBase: base, timeoutMs: 1200 });
      const t0 = Date.now();
      await expect(budgeted.get('/v1/x')).rejects.toMatchObject({ type: 'StripeConnectionError' });
      expect(attempts).toBe(1);
      expect(Date.now() - t0).toBeLessThan(1200 + 500);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
