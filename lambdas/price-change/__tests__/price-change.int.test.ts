import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../../dev/outbox';
import { licensesOf, subscribe, type Subscribed } from '../../__tests__/support/accounts';
import { eventually, startBff, type Bff } from '../../__tests__/support/bff';
import { newMonthlyPrice, runPriceChange } from '../../__tests__/support/price-change';

// `npm run price-change`, run as an operator runs it against the local stack: it refuses a date less
// than 30 days away; it mails every subscriber the new price and the renewal it applies from, once,
// also when a run fails half-way and is run again; the subscription moves to the new price at that
// renewal, with the quantity it has then; and a subscriber can still cancel meanwhile.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

const DAY = 86400;

const priceChange = (price: string, effective: string) => runPriceChange(bff, price, effective);

async function emulator(method: string, route: string, body?: Record<string, string | number>) {
  const res = await fetch(`${bff.info.stripeApi}${route}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body && new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  return (await res.json()) as Record<string, unknown>;
}

const emulatorNow = async () => Number((await emulator('GET', '/_emulator/clock')).now);
const isoDay = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);
const day = (epoch: number) =>
  new Date(epoch * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const notices = async (s: Subscribed) =>
  (await readOutbox(bff.outboxDir, s.user.email)).filter((m) =>
    m.subject.startsWith('Stockbench licenses cost'),
  );

it('announces a new price once to each subscriber and moves each subscription at its renewal', async () => {
  const two = await subscribe(bff, 2);
  const one = await subscribe(bff, 1);
  const leaving = await subscribe(bff, 1);
  const price = { id: await newMonthlyPrice(bff, 2000) };

  // Less than 30 days away: refused, nothing sent or changed.
  const now = await emulatorNow();
  const near = await priceChange(price.id, isoDay(now + 29 * DAY));
  expect(near.code).toBe(2);
  expect(near.err).toContain('at least 30 days away');
  expect(await notices(two)).toEqual([]);

  // The first run fails half-way: Stripe refuses to set the first schedule's phases (a 500, every retry).
  const effective = isoDay(now + 31 * DAY);
  await emulator('POST', '/_emulator/faults', {
    method: 'POST',
    path: '^/v1/subscription_schedules/sub_sched_[^/]+$',
    kind: 'error',
    times: 3,
  });
  const failed = await priceChange(price.id, effective);
  expect(failed.code).toBe(1);
  expect(failed.err).toContain('Run the same command again');
  const mailedFirst =
    (await notices(two)).length + (await notices(one)).length + (await notices(leaving)).length;
  expect(mailedFirst).toBe(2);

  // Run again: it finishes, and nobody is mailed twice; a third run sends nothing.
  const again = await priceChange(price.id, effective);
  expect(again.code).toBe(0);
  expect(again.out).toContain('3 subscriptions: 1 mailed now, 2 mailed before');
  expect((await priceChange(price.id, effective)).out).toContain('0 mailed now, 3 mailed before');
  for (const s of [two, one, leaving]) expect(await notices(s)).toHaveLength(1);

  const sub = await bff.stripe.subscriptions.retrieve(two.subscriptionId);
  const periodEnd = sub.items.data[0]?.current_period_end ?? 0;
  const effectiveAt = Date.parse(`${effective}T00:00:00Z`) / 1000;
  const [mail] = await notices(two);
  const appliesAt = Number(/(\d+) 2000 usd$/.exec(sub.metadata?.stockbench_price_change ?? '')?.[1]);
  expect(appliesAt).toBeGreaterThanOrEqual(effectiveAt);
  expect(appliesAt === periodEnd || appliesAt - periodEnd < 32 * DAY).toBe(true);
  expect(mail?.subject).toBe(`Stockbench licenses cost $20.00 a month from ${day(appliesAt)}`);
  expect(mail?.text).toContain('instead of $15.00');
  expect(mail?.text).toContain('2 licenses, $40.00');

  // The licenses page shows the coming change.
  const page = await bff.call('GET', 'get-subscriptions', { user: two.user, query: { uid: two.user.uid } });
  expect((page.body.subscriptions as Record<string, unknown>[])[0]?.priceChange).toEqual({
    unitAmount: 2000,
    currency: 'usd',
    appliesAt,
  });

  // Meanwhile one subscriber adds a license, another leaves: Stripe allows both, and the schedule follows.
  const added = await bff.call('PUT', 'add-licenses', {
    user: two.user,
    headers: { 'idempotency-key': randomUUID() },
    body: { customerId: two.customerId, subscriptionId: two.subscriptionId, count: 1 },
  });
  expect(added.status).toBe(200);
  const [key] = await licensesOf(bff, leaving.user);
  const removed = await bff.call('PUT', 'remove-licenses', {
    user: leaving.user,
    headers: { 'idempotency-key': randomUUID() },
    body: { customerId: leaving.customerId, subscriptionId: leaving.subscriptionId, licenseKeys: [key?.key] },
  });
  expect(removed.status).toBe(200);
  await eventually(async () => {
    const s = await bff.stripe.subscriptions.retrieve(two.subscriptionId, { expand: ['schedule'] });
    const schedule = typeof s.schedule === 'object' ? s.schedule : null;
    return schedule?.phases[1]?.items[0]?.quantity === 3;
  });

  // The clock passes the change: each renewal from then on bills the new price.
  await emulator('POST', '/_emulator/clock/advance', { to: appliesAt + 3600 });
  const renewalAt = async (s: Subscribed) =>
    eventually(async () => {
      const invoices = await bff.stripe.invoices.list({ subscription: s.subscriptionId, limit: 100 });
      return invoices.data.find((i) => i.billing_reason === 'subscription_cycle' && i.created >= appliesAt);
    });
  expect((await renewalAt(two)).amount_paid).toBe(6000);
  expect((await renewalAt(one)).amount_paid).toBe(2000);
  const moved = await bff.stripe.subscriptions.retrieve(two.subscriptionId);
  expect(moved.items.data[0]?.price.id).toBe(price.id);
  expect(moved.items.data[0]?.quantity).toBe(3);
  expect(await licensesOf(bff, two.user)).toHaveLength(3);
  expect((await bff.stripe.subscriptions.retrieve(leaving.subscriptionId)).status).toBe('canceled');
  await eventually(async () =>
    (await readOutbox(bff.outboxDir, two.user.email)).some(
      (m) => m.subject === 'Your Stockbench receipt: $60.00',
    ),
  );
});
