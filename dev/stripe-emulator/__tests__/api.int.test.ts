import Stripe from 'stripe';
import type { StripeEmulator } from '../index';
import { monthlyPrice, start } from './helpers';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await start());
});

afterAll(() => emulator.stop());

async function caught(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Stripe.errors.StripeError))
    throw new Error(`expected a Stripe error, got ${String(err)}`);
  return err;
}

test('customers: create, update, search by metadata and email, list by email, delete', async () => {
  const uid = `u-${Date.now()}`;
  const customer = await stripe.customers.create({ email: 'search@example.com', metadata: { uid } });
  const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
  const updated = await stripe.customers.update(customer.id, {
    email: 'found@example.com',
    invoice_settings: { default_payment_method: pm.id },
    metadata: { plan: 'pro' },
  });
  expect(updated.email).toBe('found@example.com');
  expect(updated.invoice_settings.default_payment_method).toBe(pm.id);
  expect(updated.metadata).toEqual({ uid, plan: 'pro' });

  const byUid = await stripe.customers.search({ query: `metadata['uid']:'${uid}'` });
  expect(byUid.data.map((c) => c.id)).toEqual([customer.id]);
  const byEmail = await stripe.customers.search({ query: "email:'found@example.com'" });
  expect(byEmail.data.map((c) => c.id)).toContain(customer.id);
  const listed = await stripe.customers.list({ email: 'found@example.com' });
  expect(listed.data.map((c) => c.id)).toContain(customer.id);

  const deleted = await stripe.customers.del(customer.id);
  expect(deleted).toMatchObject({ id: customer.id, deleted: true });
  const again = await stripe.customers.retrieve(customer.id);
  expect(again.deleted).toBe(true);
  expect((await stripe.customers.search({ query: `metadata['uid']:'${uid}'` })).data).toHaveLength(0);
});

test('payment methods: raw numbers, tokens, test ids, attach, detach, list', async () => {
  const customer = await stripe.customers.create({ email: 'cards@example.com' });
  const raw = await stripe.paymentMethods.create({
    type: 'card',
    card: { number: '5555555555554444', exp_month: 4, exp_year: 2041, cvc: '314' },
  } as Stripe.PaymentMethodCreateParams);
  expect(raw.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 4, exp_year: 2041 });
  const token = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
  expect(token.card?.brand).toBe('visa');

  await stripe.paymentMethods.attach(raw.id, { customer: customer.id });
  await stripe.paymentMethods.attach(token.id, { customer: customer.id });
  const declined = await caught(
    stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }),
  );
  expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });

  const viaCustomer = await stripe.customers.listPaymentMethods(customer.id);
  expect(viaCustomer.data.map((p) => p.id).sort()).toEqual([raw.id, token.id].sort());
  const viaQuery = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
  expect(viaQuery.data).toHaveLength(2);

  const detached = await stripe.paymentMethods.detach(raw.id);
  expect(detached.customer).toBeNull();
  expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((p) => p.id)).toEqual([token.id]);
  // Detaching is permanent: the method cannot be attached again, to this customer or another.
  const reattached = await caught(stripe.paymentMethods.attach(raw.id, { customer: customer.id }));
  expect(reattached).toMatchObject({
    type: 'StripeInvalidRequestError',
    statusCode: 400,
    code: 'payment_method_unexpected_state',
  });

  const bad = await caught(
    stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424241', exp_month: 4, exp_year: 2041, cvc: '314' },
    } as Stripe.PaymentMethodCreateParams),
  );
  expect(bad).toMatchObject({ statusCode: 402, code: 'incorrect_number', param: 'card[number]' });
});

test('prices list by lookup key', async () => {
  const price = await monthlyPrice(stripe);
  const found = await stripe.prices.list({ lookup_keys: [price.lookup_key as string] });
  expect(found.data.map((p) => p.id)).toEqual([price.id]);
  expect(found.data[0]).toMatchObject({
    unit_amount: 1500,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
});

test("errors come in Stripe's shape and status codes", async () => {
  const missing = await caught(stripe.customers.retrieve('cus_nope'));
  expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(missing).toMatchObject({
    statusCode: 404,
    code: 'resource_missing',
    message: "No such customer: 'cus_nope'",
  });

  const noParam = await caught(stripe.subscriptions.create({} as Stripe.SubscriptionCreateParams));
  expect(noParam).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'customer' });
  const unknown = await caught(
    stripe.customers.create({ emial: 'x@example.com' } as unknown as Stripe.CustomerCreateParams),
  );
  expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });

  const noKey = await fetch(`${emulator.url}/v1/customers`);
  expect(noKey.status).toBe(401);
  expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  const badKey = await caught(
    new Stripe('sk_live_nope', { host: '127.0.0.1', port: emulator.port, protocol: 'http' }).customers.list(),
  );
  expect(badKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

  const route = await fetch(`${emulator.url}/v1/nothing_here`, {
    headers: { authorization: 'Bearer sk_test_x' },
  });
  expect(route.status).toBe(404);
  expect(((await route.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
});

test('idempotency keys replay the same answer and refuse a different body', async () => {
  const key = `idem-${Date.now()}`;
  const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
  const second = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
  expect(second.id).toBe(first.id);
  expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  const conflict = await caught(
    stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }),
  );
  expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  expect(conflict.statusCode).toBe(400);
});

test('a 500 after execution began is stored under its key and replayed, as Stripe does', async () => {
  const fault = (kind: string) =>
    fetch(`${emulator.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, method: 'POST', path: '^/v1/customers$', times: 1 }),
    });
  const count = async (email: string) => (await stripe.customers.list({ email, limit: 100 })).data.length;

  // Nothing changed: the 500 comes back for the same key (the SDK's own retries included)...
  expect((await fault('error-stored')).status).toBe(200);
  const key = `stored-${Date.now()}`;
  const first = await caught(
    stripe.customers.create({ email: 'stored@example.com' }, { idempotencyKey: key }),
  );
  expect(first).toBeInstanceOf(Stripe.errors.StripeAPIError);
  const again = await caught(
    stripe.customers.create({ email: 'stored@example.com' }, { idempotencyKey: key }),
  );
  expect(again.statusCode).toBe(500);
  expect(await count('stored@example.com')).toBe(0);
  // ...and a new key carries the request out.
  await stripe.customers.create({ email: 'stored@example.com' }, { idempotencyKey: `${key}-2` });
  expect(await count('stored@example.com')).toBe(1);

  // Carried out, yet answered 500, every time for that key.
  expect((await fault('error-after-change')).status).toBe(200);
  const changed = await caught(
    stripe.customers.create({ email: 'changed@example.com' }, { idempotencyKey: `${key}-3` }),
  );
  expect(changed.statusCode).toBe(500);
  expect(await count('changed@example.com')).toBe(1);

  expect((await fault('sometimes')).status).toBe(400);
});

test('events can be read back through the API', async () => {
  const customer = await stripe.customers.create({ email: 'events@example.com' });
  const list = await stripe.events.list({ type: 'customer.created', limit: 100 });
  const event = list.data.find((e) => (e.data.object as Stripe.Customer).id === customer.id);
  expect(event).toBeDefined();
  const same = await stripe.events.retrieve(event?.id as string);
  expect(same.api_version).toBe('2026-10-28.endive');
  expect(same.type).toBe('customer.created');
});

test('test clocks advance the emulator clock', async () => {
  const before = Math.floor(Date.now() / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: before });
  const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: before + 3600 });
  expect(advanced.frozen_time).toBe(before + 3600);
  const res = await fetch(`${emulator.url}/_emulator/clock`);
  expect(((await res.json()) as { now: number }).now).toBeGreaterThanOrEqual(before + 3600);
});

test('a latency setting delays every API answer', async () => {
  const latency = (body: unknown) =>
    fetch(`${emulator.url}/_emulator/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(await (await fetch(`${emulator.url}/_emulator/latency`)).json()).toEqual({ ms: 0 });
  expect((await latency({ ms: -1 })).status).toBe(400);
  expect((await latency({ ms: 'soon' })).status).toBe(400);
  const set = await latency({ ms: 200 });
  expect(await set.json()).toEqual({ ms: 200 });
  try {
    const email = `slow-${Date.now()}@example.com`;
    const t0 = performance.now();
    const customer = await stripe.customers.create({ email });
    // Timers never fire early; a little slack for the clock's sub-millisecond rounding.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(199);
    expect((await stripe.customers.list({ email })).data.map((c) => c.id)).toEqual([customer.id]);
  } finally {
    expect((await latency({ ms: 0 })).status).toBe(200);
  }
});
