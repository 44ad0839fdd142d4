import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type Stripe from 'stripe';
import { localDynamoDbClient } from '../../dev/dynamodb';
import { eventually, paymentIntentOf, startBff, type Bff, type User } from './support/bff';
import { expectInvariants } from './support/invariants';

// The webhook and the account a subscription belongs to: an account the
// customer index does not find yet is not marked handled; a subscription paid outside the account's
// pointer (an orphan) is attached when the account has none live, else cancelled and refunded.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

/** Posts an event to the webhook as Stripe would, signed with the stack's secret. */
function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const signature = bff.stripe.webhooks.generateTestHeaderString({ payload, secret: bff.webhookSecret });
  return bff.call('POST', 'stripe-webhook', { raw: payload, headers: { 'stripe-signature': signature } });
}

/** Writes an account item directly (what setup-checkout's saveCustomer would have written). */
async function putAccount(item: Record<string, unknown>): Promise<void> {
  const client = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  try {
    await client.send(
      new PutItemCommand({
        TableName: bff.info.tableName,
        Item: marshall({ pk: `USER#${String(item.uid)}`, sk: 'ACCOUNT', ...item }),
      }),
    );
  } finally {
    client.destroy();
  }
}

/** A subscription paid directly in Stripe (as an old tab's link would), bypassing setup-checkout. */
async function paidSubscription(user: User, customerId: string, count: number): Promise<Stripe.Subscription> {
  const pm = await bff.stripe.paymentMethods.attach('pm_card_visa', { customer: customerId });
  const sub = await bff.stripe.subscriptions.create({
    customer: customerId,
    items: [{ price: bff.info.stripePriceId, quantity: count }],
    default_payment_method: pm.id,
    metadata: { uid: user.uid },
  });
  expect(sub.status).toBe('active');
  return sub;
}

/** The invoice.paid event of a subscription's first invoice, under a fresh id of the test's own. */
async function invoicePaidEvent(sub: Stripe.Subscription, id: string): Promise<Stripe.Event> {
  const events = await bff.stripe.events.list({ type: 'invoice.paid', limit: 100 });
  const found = events.data.find((e) => {
    const inv = e.data.object as Stripe.Invoice;
    const s = inv.parent?.subscription_details?.subscription;
    return (typeof s === 'string' ? s : s?.id) === sub.id;
  });
  if (!found) throw new Error(`no invoice.paid event for ${sub.id}`);
  return { ...found, id };
}

async function licenseCount(user: User): Promise<number> {
  const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
  return (res.body.licenses as unknown[] | undefined)?.length ?? 0;
}

describe('an account the customer index does not find yet (item 11)', () => {
  it('answers 503 without recording the event, and handles the same event once the account is there', async () => {
    const user = await bff.newUser();
    const customer = await bff.stripe.customers.create({ email: user.email, metadata: { uid: user.uid } });
    const sub = await paidSubscription(user, customer.id, 2);
    const event = await invoicePaidEvent(sub, `evt_lag_${user.uid.slice(0, 8)}`);

    const first = await deliver(event);
    expect(first.status).toBe(503);
    expect(await licenseCount(user)).toBe(0);

    // The account now exists but the customer index does not name it (no customerId on it yet): the
    // subscription's metadata.uid finds it, and the same event id is handled, not a duplicate.
    await putAccount({ uid: user.uid, email: user.email });
    const second = await deliver(event);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: true });
    expect(await licenseCount(user)).toBe(2);

    const third = await deliver(event);
    expect(third.body).toMatchObject({ duplicate: true });
  });
});

/** The payment intents that paid a subscription's invoices. */
async function paymentsOf(sub: Stripe.Subscription): Promise<string[]> {
  const invoices = await bff.stripe.invoices.list({ subscription: sub.id, status: 'paid' });
  const out: string[] = [];
  for (const inv of invoices.data) {
    const payments = await bff.stripe.invoicePayments.list({ invoice: inv.id ?? '' });
    for (const p of payments.data) {
      const pi = p.payment.payment_intent;
      if (pi) out.push(typeof pi === 'string' ? pi : pi.id);
    }
  }
  return out;
}

async function refundsOf(sub: Stripe.Subscription): Promise<Stripe.Refund[]> {
  const intents = await paymentsOf(sub);
  expect(intents.length).toBeGreaterThan(0);
  const all = await Promise.all(intents.map((pi) => bff.stripe.refunds.list({ payment_intent: pi })));
  return all.flatMap((l) => l.data);
}

async function setupCheckout(user: User, count: number) {
  const setup = await bff.call('POST', 'setup-checkout', {
    user,
    body: { uid: user.uid, email: user.email, count },
  });
  expect(setup.status).toBe(200);
  return setup.body;
}

describe('a paid subscription the account does not hold (item 4)', () => {
  it('is refunded and cancelled when the account holds a live one, once however often the event comes', async () => {
    const user = await bff.newUser();
    const setup = await setupCheckout(user, 1);
    const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(String(setup.sec)), {
      payment_method: 'pm_card_visa',
    });
    await bff.call('GET', 'complete-checkout', {
      user,
      query: { uid: user.uid, pmid: String(pi.payment_method) },
    });
    expect(await licenseCount(user)).toBe(1);

    // Paid directly in Stripe, bypassing setup-checkout; Stripe's own events reach the webhook.
    const orphan = await paidSubscription(user, String(setup.customerId), 2);
    await eventually(async () => (await bff.stripe.subscriptions.retrieve(orphan.id)).status === 'canceled');
    const refunds = await refundsOf(orphan);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(3000);

    // Delivered again (a fresh id, so dedupe cannot hide it): nothing more is refunded.
    const again = await deliver(await invoicePaidEvent(orphan, `evt_again_${user.uid.slice(0, 8)}`));
    expect(again.status).toBe(200);
    expect(await refundsOf(orphan)).toHaveLength(1);

    const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(res.body).toMatchObject({ subscriptionId: setup.subscriptionId, subscriptionStatus: 'active' });
    expect(await licenseCount(user)).toBe(1);
    await expectInvariants(bff, user.uid);
  });

  it('is attached when the account holds none live, ending the checkout it was waiting on', async () => {
    const user = await bff.newUser();
    const setup = await setupCheckout(user, 1);
    const orphan = await paidSubscription(user, String(setup.customerId), 3);
    await eventually(async () => (await licenseCount(user)) === 3);

    const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(res.body).toMatchObject({ subscriptionId: orphan.id, subscriptionStatus: 'active' });
    expect((await bff.stripe.subscriptions.retrieve(String(setup.subscriptionId))).status).toBe('canceled');
    expect(
      (await bff.stripe.refunds.list({ limit: 100 })).data.filter((r) => r.metadata?.uid === user.uid),
    ).toEqual([]);
    await expectInvariants(bff, user.uid);
  });
});
