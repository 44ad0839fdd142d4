import { randomUUID } from 'node:crypto';
import { advanceStripeClock, subscribe, type Subscribed } from '../../../__tests__/support/accounts';
import { startBff, type Bff } from '../../../__tests__/support/bff';

// The quote is the charge: quote-licenses previews on Stripe's clock (a test clock's frozen time, here
// the emulator's clock moved days ahead of the server's) and answers the proration date it used;
// add-licenses charges at that date, so the card pays what the page showed. A quote older than a few
// minutes on Stripe's clock, or dated where Stripe's clock has not come yet, is refused with 409
// QUOTE_EXPIRED and charges nothing.

const DAY = 24 * 3600;

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

async function quote(s: Subscribed, count: number) {
  const res = await bff.call('GET', 'quote-licenses', { user: s.user, query: { count: String(count) } });
  expect(res.status).toBe(200);
  return res.body as { amountDue: number; prorationDate?: number; expiresAt?: number };
}

function add(s: Subscribed, count: number, prorationDate?: number, key = randomUUID()) {
  return bff.call('PUT', 'add-licenses', {
    user: s.user,
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, count, prorationDate },
    headers: { 'idempotency-key': key },
  });
}

/** What the card paid for the subscription, newest invoice first. */
async function paidAmounts(s: Subscribed): Promise<number[]> {
  const paid = await bff.stripe.invoices.list({ customer: s.customerId, status: 'paid' });
  return paid.data.map((i) => i.amount_paid);
}

/** When the newest invoice's prorations start: the time Stripe prorated the change at. */
async function proratedAt(s: Subscribed): Promise<number[]> {
  const [newest] = (await bff.stripe.invoices.list({ customer: s.customerId, limit: 1 })).data;
  return (newest?.lines.data ?? []).map((l) => l.period.start);
}

const stripeNow = async (): Promise<number> =>
  ((await (await fetch(`${bff.info.stripeApi}/_emulator/clock`)).json()) as { now: number }).now;

// One subscription per test; those after the first start on the moved clock, 10 days ahead of the server's.
it('with the Stripe clock 10 days into the period, the card pays exactly the quoted amount', async () => {
  const s = await subscribe(bff, 1);
  await advanceStripeClock(bff, 10 * DAY);
  const q = await quote(s, 2);
  // 2 × $15.00 for what is left of the period: about two thirds of $30.00, not the whole of it.
  expect(q.amountDue).toBeGreaterThan(1500);
  expect(q.amountDue).toBeLessThan(2400);
  expect(q.prorationDate).toBe(await stripeNow().then((now) => Math.min(now, q.prorationDate ?? 0)));

  const res = await add(s, 2, q.prorationDate);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ quantity: 3, added: 2 });
  expect((await paidAmounts(s))[0]).toBe(q.amountDue);
  expect(new Set(await proratedAt(s))).toEqual(new Set([q.prorationDate]));
});

it('a quote older than a few minutes on the Stripe clock is refused with QUOTE_EXPIRED and charges nothing; a fresh one is charged', async () => {
  const s = await subscribe(bff, 1);
  const old = await quote(s, 1);
  expect(old.expiresAt).toBe((old.prorationDate ?? 0) + 300);
  await advanceStripeClock(bff, 6 * 60);

  const stale = await add(s, 1, old.prorationDate);
  expect(stale.status).toBe(409);
  expect(stale.body.error?.code).toBe('QUOTE_EXPIRED');
  expect(await paidAmounts(s)).toHaveLength(1);
  const sub = await bff.stripe.subscriptions.retrieve(s.subscriptionId);
  expect(sub.items.data[0]?.quantity).toBe(1);

  const fresh = await quote(s, 1);
  expect(fresh.prorationDate).toBeGreaterThanOrEqual((old.prorationDate ?? 0) + 6 * 60);
  const res = await add(s, 1, fresh.prorationDate);
  expect(res.status).toBe(200);
  expect(await paidAmounts(s)).toEqual([fresh.amountDue, 1500]);
  expect(new Set(await proratedAt(s))).toEqual(new Set([fresh.prorationDate]));
});

it('a quote four minutes old on the Stripe clock is still charged, at its own date', async () => {
  const s = await subscribe(bff, 1);
  const q = await quote(s, 3);
  await advanceStripeClock(bff, 4 * 60);
  const res = await add(s, 3, q.prorationDate);
  expect(res.status).toBe(200);
  expect(await paidAmounts(s)).toEqual([q.amountDue, 1500]);
  expect(new Set(await proratedAt(s))).toEqual(new Set([q.prorationDate]));
});

it('a proration date the Stripe clock has not reached yet is refused with QUOTE_EXPIRED (it would charge less)', async () => {
  const s = await subscribe(bff, 1);
  const q = await quote(s, 1);
  const res = await add(s, 1, (q.prorationDate ?? 0) + 5 * DAY);
  expect(res.status).toBe(409);
  expect(res.body.error?.code).toBe('QUOTE_EXPIRED');
  expect(await paidAmounts(s)).toHaveLength(1);
});

it('a retry after a failed charge, a minute later on the Stripe clock, charges the quoted amount, once', async () => {
  const s = await subscribe(bff, 1);
  const q = await quote(s, 2);
  // Stripe answers the update 500 having changed nothing: the client retries with its key and body.
  const fault = await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'error-stored',
      method: 'POST',
      path: `^/v1/subscriptions/${s.subscriptionId}$`,
      times: 1,
    }),
  });
  expect(fault.status).toBe(200);
  const key = randomUUID();
  expect((await add(s, 2, q.prorationDate, key)).status).toBe(500);
  await advanceStripeClock(bff, 60);
  const again = await add(s, 2, q.prorationDate, key);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ quantity: 3 });
  expect(await paidAmounts(s)).toEqual([q.amountDue, 1500]);
  expect(new Set(await proratedAt(s))).toEqual(new Set([q.prorationDate]));
});
