import Stripe from 'stripe';
import type { StripeEmulator } from '../index';
import { start } from './helpers';

// Stripe's documented answers of a busy API (409 idempotency_key_in_use, 429 rate_limit, 429
// lock_timeout), set as faults, and how the official SDK reacts to each: it retries a 409 and a
// lock_timeout (Stripe-Should-Retry: true), and not a rate limit.

let emulator: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  ({ emulator } = await start());
  // As lambdas/lib/stripe.ts configures it: two retries, and a short first pause to keep tests quick.
  stripe = new Stripe('sk_test_emulator', {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 2,
  });
});
afterAll(() => emulator.stop());
afterEach(() => fetch(`${emulator.url}/_emulator/faults`, { method: 'DELETE' }));

const fault = async (kind: string, times: number) => {
  const res = await fetch(`${emulator.url}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, method: 'POST', path: '^/v1/customers$', times }),
  });
  expect(res.status).toBe(200);
};

const remaining = async (): Promise<number[]> => {
  const res = await fetch(`${emulator.url}/_emulator/faults`);
  return ((await res.json()) as { data: { remaining: number }[] }).data.map((f) => f.remaining);
};

const customersWith = async (email: string) =>
  (await stripe.customers.list({ email, limit: 100 })).data.map((c) => c.id);

const caught = (p: Promise<unknown>): Promise<Stripe.errors.StripeError> =>
  p.then(
    () => {
      throw new Error('expected a Stripe error');
    },
    (err: Stripe.errors.StripeError) => err,
  );

const raw = (key: string, email: string) =>
  fetch(`${emulator.url}/v1/customers`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_emulator',
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': key,
    },
    body: `email=${encodeURIComponent(email)}`,
  });

test('a rate limit is a 429 rate_limit the SDK does not retry; nothing is created', async () => {
  await fault('rate-limit', 1);
  const email = `limited-${Date.now()}@example.com`;
  const err = await caught(stripe.customers.create({ email }));
  expect(err).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
  expect(err.statusCode).toBe(429);
  expect(err.code).toBe('rate_limit');
  expect(err.rawType).toBe('invalid_request_error');
  expect(err.headers?.['stripe-should-retry']).toBeUndefined();
  expect(err.headers?.['stripe-rate-limited-reason']).toBe('global-rate');
  expect(await remaining()).toEqual([0]);
  expect(await customersWith(email)).toEqual([]);
});

test('a lock_timeout is a 429 the SDK retries, as Stripe-Should-Retry tells it', async () => {
  const email = `locked-${Date.now()}@example.com`;
  // Two lock timeouts, then the SDK's third attempt goes through: one customer.
  await fault('lock-timeout', 2);
  const customer = await stripe.customers.create({ email });
  expect(await remaining()).toEqual([0]);
  expect(await customersWith(email)).toEqual([customer.id]);

  // Three outlast the SDK's retries: the caller sees the lock_timeout, and nothing was created.
  await fault('lock-timeout', 3);
  const err = await caught(stripe.customers.create({ email: `still-${email}` }));
  expect(err).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
  expect(err.statusCode).toBe(429);
  expect(err.code).toBe('lock_timeout');
  expect(err.headers?.['stripe-should-retry']).toBe('true');
  expect(await customersWith(`still-${email}`)).toEqual([]);
});

test('an idempotency_key_in_use 409 is retried by the SDK with the same key, and saves nothing', async () => {
  await fault('idempotency-key-in-use', 1);
  const email = `in-use-${Date.now()}@example.com`;
  const customer = await stripe.customers.create({ email }, { idempotencyKey: `in-use-${email}` });
  expect(await remaining()).toEqual([0]);
  expect(await customersWith(email)).toEqual([customer.id]);
  expect(customer.lastResponse.headers['idempotent-replayed']).toBeUndefined();
});

test('two overlapping requests with one Idempotency-Key: the second gets 409, a later one the replay', async () => {
  const latency = (ms: number) =>
    fetch(`${emulator.url}/_emulator/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms }),
    });
  const email = `overlap-${Date.now()}@example.com`;
  const key = `overlap-${email}`;
  // Each answer waits the modeled second after its work, so the two sent together overlap.
  await latency(1000);
  try {
    const answers = await Promise.all([raw(key, email), raw(key, email)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [created, conflict] = answers[0]?.status === 200 ? answers : [...answers].reverse();
    if (!created || !conflict) throw new Error('two answers expected');
    expect(conflict.headers.get('stripe-should-retry')).toBeNull();
    expect(await conflict.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'idempotency_key_in_use',
        doc_url: 'https://stripe.com/docs/error-codes/idempotency-key-in-use',
        message: expect.stringContaining('another in-progress request'),
      },
    });
    const { id } = (await created.json()) as { id: string };
    const replay = await raw(key, email);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(id);
  } finally {
    await latency(0);
  }
  expect(await customersWith(email)).toHaveLength(1);
});
