import { randomUUID } from 'node:crypto';
import { readOutbox, type OutboxMessage } from '../../../dev/outbox';
import { advanceStripeClock, licensesOf, pay, startCheckout } from '../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../__tests__/support/bff';
import { deliveries, type Deliveries } from './webhook-deliveries';

// A receipt for every payment (the first, an addition charged pro rata, a renewal), sent once however
// often Stripe delivers the events and in whatever order: this stack's Stripe delivers no webhook by
// itself, the test delivers each event, twice, and in reverse order too.

let bff: Bff;
let events: Deliveries;
beforeAll(async () => {
  bff = await startBff({ webhooks: false });
  events = deliveries(bff);
});
afterAll(() => bff?.stop());

const DAY = 24 * 3600;

/** Delivers each of the customer's new events twice, newest first, then again as new event ids. */
async function deliverScrambled(customerId: string) {
  const fresh = await events.next(customerId);
  expect(fresh.length).toBeGreaterThan(0);
  for (const e of [...fresh].reverse()) {
    expect(await events.deliver(e)).toBe(200);
    expect(await events.deliver(e)).toBe(200);
  }
  for (const e of fresh) expect(await events.deliver(e, `${e.id}_again`)).toBe(200);
}

const receipts = async (user: User): Promise<OutboxMessage[]> =>
  (await readOutbox(bff.outboxDir, user.email)).filter((m) =>
    m.subject.startsWith('Your Stockbench receipt'),
  );

const day = (epoch: number) =>
  new Date(epoch * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

it('sends one receipt for each payment of a purchase, an addition and a renewal, with its amount and period', async () => {
  const user = await bff.newUser();
  const { sec, customerId, subscriptionId } = await startCheckout(bff, user, 2);
  const pmid = await pay(bff, sec);
  expect((await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })).status).toBe(
    200,
  );
  await deliverScrambled(customerId);

  const first = await receipts(user);
  expect(first).toHaveLength(1);
  const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
  const item = sub.items.data[0];
  const period = `${day(item?.current_period_start ?? 0)} to ${day(item?.current_period_end ?? 0)}`;
  const firstInvoice = (await bff.stripe.invoices.list({ subscription: subscriptionId })).data[0];
  for (const part of [first[0]?.text, first[0]?.html]) {
    expect(part).toContain('$30.00');
    expect(part).toContain(`first month: 2 licenses, ${period}`);
    expect(part).toContain('Visa ending in 4242');
    expect(part).toContain(firstInvoice?.hosted_invoice_url);
  }

  // An addition, charged pro rata: its receipt says how many were added and what was charged.
  const added = await bff.call('PUT', 'add-licenses', {
    user,
    headers: { 'idempotency-key': randomUUID() },
    body: { customerId, subscriptionId, count: 1 },
  });
  expect(added.status).toBe(200);
  await deliverScrambled(customerId);
  const update = (await bff.stripe.invoices.list({ subscription: subscriptionId })).data.find(
    (i) => i.billing_reason === 'subscription_update',
  );
  expect(update?.amount_paid).toBeGreaterThan(0);
  const afterAdd = await receipts(user);
  expect(afterAdd).toHaveLength(2);
  const addition = afterAdd.find((m) => m.text.includes('added'));
  expect(addition?.subject).toBe(
    `Your Stockbench receipt: $${((update?.amount_paid ?? 0) / 100).toFixed(2)}`,
  );
  expect(addition?.text).toContain('1 license added, charged for the rest of the current period');
  expect(addition?.text).toContain(update?.hosted_invoice_url);

  // The renewal: all 3 licenses for the next period.
  await advanceStripeClock(bff, 32 * DAY);
  await deliverScrambled(customerId);
  const renewal = (await bff.stripe.invoices.list({ subscription: subscriptionId })).data.find(
    (i) => i.billing_reason === 'subscription_cycle',
  );
  expect(renewal?.amount_paid).toBe(4500);
  const all = await receipts(user);
  expect(all).toHaveLength(3);
  const renewed = await bff.stripe.subscriptions.retrieve(subscriptionId);
  const next = renewed.items.data[0];
  const renewalMail = all.find((m) => m.text.includes('Renewal of'));
  expect(renewalMail?.subject).toBe('Your Stockbench receipt: $45.00');
  expect(renewalMail?.text).toContain(
    `Renewal of 3 licenses for ${day(next?.current_period_start ?? 0)} to ${day(next?.current_period_end ?? 0)}.`,
  );
  expect(await licensesOf(bff, user)).toHaveLength(3);
});
