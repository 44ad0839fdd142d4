import { randomUUID } from 'node:crypto';
import { expectInvariants } from './support/invariants';
import { startBff, type Api, type Bff, type User } from './support/bff';
import { licensesOf, pay, subscribe, type Subscribed } from './support/accounts';

// The money handlers meeting Stripe's documented answers of a busy API (set as emulator faults, see
// dev/stripe-emulator/README.md): 409 idempotency_key_in_use, 429 rate_limit and 429 lock_timeout.
// For each the client sees one outcome: success when the official SDK's own retries got through
// (it retries a 409 and a lock_timeout, not a rate limit), else a retryable error (409 or 503, never a
// 500); the client's retry with the same Idempotency-Key then converges, and nothing is charged twice.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());
afterEach(() => fetch(`${bff.info.stripeApi}/_emulator/faults`, { method: 'DELETE' }));

/** The next `times` POSTs to paths matching `path` get Stripe's answer of `kind`. */
async function fault(kind: string, path: string, times: number): Promise<void> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, method: 'POST', path, times }),
  });
  expect(res.status).toBe(200);
}

/** What is left of the faults set: every one was met (the SDK's retries included). */
async function faultsLeft(): Promise<number> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/faults`);
  return ((await res.json()) as { data: { remaining: number }[] }).data.reduce((n, f) => n + f.remaining, 0);
}

const BUSY = {
  status: 503,
  body: {
    error: {
      code: 'PAYMENT_PROVIDER_BUSY',
      message: 'Our payment provider is busy. Please try again in a moment.',
    },
  },
};
const IN_PROGRESS = {
  status: 409,
  body: {
    error: { code: 'REQUEST_IN_PROGRESS', message: 'The same request is in progress. Try again shortly.' },
  },
};

/**
 * Each fault, how many of the SDK's three attempts it meets, and what the client sees first: the SDK
 * retries a 409 and a lock_timeout (Stripe-Should-Retry: true), so fewer than three get through.
 */
const CASES: [kind: string, times: number, first: 'ok' | typeof BUSY | typeof IN_PROGRESS][] = [
  ['rate-limit', 1, BUSY],
  ['lock-timeout', 2, 'ok'],
  ['lock-timeout', 3, BUSY],
  ['idempotency-key-in-use', 1, 'ok'],
  ['idempotency-key-in-use', 3, IN_PROGRESS],
];

/** The first answer is the one expected; a retry with the same key, if needed, then succeeds. */
async function meetsFault(expected: (typeof CASES)[number][2], call: () => Promise<Api>): Promise<Api> {
  const first = await call();
  if (expected === 'ok') {
    expect(first.status).toBe(200);
    return first;
  }
  expect({ status: first.status, body: first.body }).toEqual(expected);
  const retried = await call();
  expect(retried.status).toBe(200);
  return retried;
}

const paidInvoices = async (customerId: string) =>
  (await bff.stripe.invoices.list({ customer: customerId, status: 'paid', limit: 100 })).data.map(
    (i) => i.total,
  );

const quantityOf = async (subscriptionId: string) =>
  (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity;

const renewing = async (user: User) =>
  (await licensesOf(bff, user)).filter((l) => l.expirationDate === 'NONE').length;

describe.each(CASES)('Stripe answers %s (%i times)', (kind, times, first) => {
  it('add-licenses: one outcome, charged once', async () => {
    const s: Subscribed = await subscribe(bff, 1);
    const key = randomUUID();
    await fault(kind, `^/v1/subscriptions/${s.subscriptionId}$`, times);
    const answer = await meetsFault(first, () =>
      bff.call('PUT', 'add-licenses', {
        user: s.user,
        headers: { 'idempotency-key': key },
        body: { customerId: s.customerId, subscriptionId: s.subscriptionId, count: 2 },
      }),
    );
    expect(await faultsLeft()).toBe(0);
    expect(answer.body).toMatchObject({ quantity: 3, added: 2 });
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    // The checkout's payment and one prorated charge for the two licenses.
    expect(await paidInvoices(s.customerId)).toHaveLength(2);
    expect(await renewing(s.user)).toBe(3);
    await expectInvariants(bff, s.user.uid);
  });

  it('remove-licenses: one outcome, lowered once', async () => {
    const s = await subscribe(bff, 3);
    const [license] = await licensesOf(bff, s.user);
    const key = randomUUID();
    await fault(kind, `^/v1/subscriptions/${s.subscriptionId}$`, times);
    const answer = await meetsFault(first, () =>
      bff.call('PUT', 'remove-licenses', {
        user: s.user,
        headers: { 'idempotency-key': key },
        body: {
          customerId: s.customerId,
          subscriptionId: s.subscriptionId,
          licenseKeys: [String(license?.key)],
        },
      }),
    );
    expect(await faultsLeft()).toBe(0);
    expect(answer.body.renewLicenseCount).toBe(2);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    expect(await renewing(s.user)).toBe(2);
    expect(await paidInvoices(s.customerId)).toHaveLength(1);
    await expectInvariants(bff, s.user.uid);
  });

  it('update-card: one outcome, the new card is the default', async () => {
    const s = await subscribe(bff, 1);
    const card = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    const key = randomUUID();
    await fault(kind, `^/v1/subscriptions/${s.subscriptionId}$`, times);
    const answer = await meetsFault(first, () =>
      bff.call('PUT', 'update-card', {
        user: s.user,
        headers: { 'idempotency-key': key },
        body: { subscriptionId: s.subscriptionId, paymentMethodId: card.id },
      }),
    );
    expect(await faultsLeft()).toBe(0);
    expect(answer.body).toMatchObject({ cardLast4: '4444', paidInvoices: 0 });
    const sub = await bff.stripe.subscriptions.retrieve(s.subscriptionId);
    expect(sub.default_payment_method).toBe(card.id);
    expect(await paidInvoices(s.customerId)).toHaveLength(1);
    await expectInvariants(bff, s.user.uid);
  });

  it('setup-checkout: one outcome, one customer and one subscription, paid once', async () => {
    const user = await bff.newUser();
    const key = randomUUID();
    await fault(kind, '^/v1/subscriptions$', times);
    const answer = await meetsFault(first, () =>
      bff.call('POST', 'setup-checkout', {
        user,
        headers: { 'idempotency-key': key },
        body: { uid: user.uid, email: user.email, count: 2 },
      }),
    );
    expect(await faultsLeft()).toBe(0);
    const customers = await bff.stripe.customers.list({ email: user.email, limit: 100 });
    expect(customers.data.map((c) => c.id)).toEqual([answer.body.customerId]);
    const subs = await bff.stripe.subscriptions.list({
      customer: String(answer.body.customerId),
      status: 'all',
    });
    expect(subs.data.map((sub) => sub.id)).toEqual([answer.body.subscriptionId]);
    // The checkout goes through on that subscription.
    const pmid = await pay(bff, String(answer.body.sec));
    const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
    expect(done.status).toBe(200);
    expect(await paidInvoices(String(answer.body.customerId))).toEqual([3000]);
    expect(await renewing(user)).toBe(2);
    await expectInvariants(bff, user.uid);
  });
});
