import { randomUUID } from 'node:crypto';
import { readOutbox, type OutboxMessage } from '../../../dev/outbox';
import { pay, startCheckout } from '../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../__tests__/support/bff';
import { deliveries, type Deliveries } from './webhook-deliveries';

// A refund made in Stripe's Dashboard (here, through Stripe's API, as the Dashboard does) mails the
// customer once per refund, saying how much of which payment, however often and in whatever order
// Stripe delivers its events; the billing history says "Refunded" with the amount; and every money
// mail goes to the billing email for invoices too. This stack's Stripe delivers no webhook by itself:
// the test delivers each event, twice, in reverse order and again under new ids.

let bff: Bff;
let events: Deliveries;
beforeAll(async () => {
  bff = await startBff({ webhooks: false });
  events = deliveries(bff);
});
afterAll(() => bff?.stop());

async function deliverScrambled(customerId: string) {
  const fresh = await events.next(customerId);
  expect(fresh.length).toBeGreaterThan(0);
  for (const e of [...fresh].reverse()) {
    expect(await events.deliver(e)).toBe(200);
    expect(await events.deliver(e)).toBe(200);
  }
  for (const e of fresh) expect(await events.deliver(e, `${e.id}_again`)).toBe(200);
}

const mailsTo = async (to: string, subject: string): Promise<OutboxMessage[]> =>
  (await readOutbox(bff.outboxDir, to)).filter((m) => m.subject.startsWith(subject)).reverse();

const history = async (user: User) =>
  (await bff.call('GET', 'get-invoices', { user })).body.invoices as {
    amountPaid: number;
    amountRefunded: number;
  }[];

/** The buyer's billing details with a billing email for invoices, as the licenses page saves them. */
async function setBillingEmail(user: User, customerId: string, billingEmail: string) {
  const details = await bff.call('PUT', 'billing-details', {
    user,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      customerId,
      companyName: 'Acme Research',
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US', state: 'IL' },
      billingEmail,
    },
  });
  expect(details.status).toBe(200);
}

/** One license bought and paid, then the whole payment refunded (as in Stripe's Dashboard). */
async function buyOneAndRefundIt(user: User): Promise<string> {
  const { sec, customerId } = await startCheckout(bff, user, 1);
  const pmid = await pay(bff, sec);
  expect((await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })).status).toBe(
    200,
  );
  const [payment] = (await bff.stripe.paymentIntents.list({ customer: customerId })).data;
  await bff.stripe.refunds.create({ payment_intent: String(payment?.id) });
  return customerId;
}

it('mails each refund once to the account and its billing email, and the history says what was refunded', async () => {
  const user = await bff.newUser();
  const books = `books-${randomUUID()}@example.com`;
  const { sec, customerId } = await startCheckout(bff, user, 2);
  await setBillingEmail(user, customerId, books);
  const pmid = await pay(bff, sec);
  expect((await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })).status).toBe(
    200,
  );
  await deliverScrambled(customerId);

  // The receipt goes to both addresses, once each.
  for (const to of [user.email, books]) {
    const receipts = await mailsTo(to, 'Your Stockbench receipt');
    expect(receipts.map((m) => [m.to, m.subject])).toEqual([[to, 'Your Stockbench receipt: $30.00']]);
  }

  // Part of the payment is refunded (a refund in Stripe's Dashboard), then the rest.
  const [payment] = (await bff.stripe.paymentIntents.list({ customer: customerId })).data;
  expect(payment?.amount_received).toBe(3000);
  await bff.stripe.refunds.create({ payment_intent: String(payment?.id), amount: 1000 });
  await deliverScrambled(customerId);
  for (const to of [user.email, books]) {
    const [refund, ...more] = await mailsTo(to, 'Your Stockbench refund');
    expect(more).toEqual([]);
    expect(refund?.subject).toBe('Your Stockbench refund of $10.00');
    expect(refund?.text).toContain('We refunded $10.00 to the card you paid with: your payment of $30.00');
    expect(refund?.text).toContain('(part of it)');
    expect(refund?.text).toContain('This refund does not change your subscription or your licenses.');
  }
  expect(await history(user)).toEqual([expect.objectContaining({ amountPaid: 3000, amountRefunded: 1000 })]);

  await bff.stripe.refunds.create({ payment_intent: String(payment?.id) });
  await deliverScrambled(customerId);
  for (const to of [user.email, books]) {
    const refunds = await mailsTo(to, 'Your Stockbench refund');
    expect(refunds.map((m) => m.subject)).toEqual([
      'Your Stockbench refund of $10.00',
      'Your Stockbench refund of $20.00',
    ]);
  }
  expect(await history(user)).toEqual([expect.objectContaining({ amountPaid: 3000, amountRefunded: 3000 })]);
});

it('mails a customer without a billing email at the account address only', async () => {
  const user = await bff.newUser();
  const customerId = await buyOneAndRefundIt(user);
  await deliverScrambled(customerId);
  const [refund, ...more] = await mailsTo(user.email, 'Your Stockbench refund');
  expect(more).toEqual([]);
  expect(refund?.to).toBe(user.email);
  expect(refund?.text).toContain('We refunded $15.00 to the card you paid with: your payment of $15.00 on');
  expect(refund?.text).not.toContain('(part of it)');
});

it('sends a billing email set after a refund none of the mails about it, when Stripe delivers them again', async () => {
  const user = await bff.newUser();
  const books = `books-${randomUUID()}@example.com`;
  const customerId = await buyOneAndRefundIt(user);
  const handled = await events.next(customerId);
  for (const e of handled) expect(await events.deliver(e)).toBe(200);
  expect((await mailsTo(user.email, 'Your Stockbench refund')).length).toBe(1);

  // The bookkeeper's address is added afterwards; Stripe then delivers the same events again.
  await setBillingEmail(user, customerId, books);
  for (const e of handled) expect(await events.deliver(e, `${e.id}_later`)).toBe(200);

  expect(await readOutbox(bff.outboxDir, books)).toEqual([]);
  expect((await mailsTo(user.email, 'Your Stockbench refund')).length).toBe(1);
});
