import { randomUUID } from 'node:crypto';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoDbClient } from '../../../../dev/dynamodb';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { subscribe } from '../../../__tests__/support/accounts';

// Buying again while the paid subscription is still in force but set to end (after Cancel
// Subscription), through the local API server against the real emulators: the new checkout is
// refused, and every read and action keeps working on the subscription that was paid for.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

const call = (method: 'PUT' | 'POST', route: string, user: User, body: Record<string, unknown>) =>
  bff.call(method, route, { user, body, headers: { 'idempotency-key': randomUUID() } });
const put = (route: string, user: User, body: Record<string, unknown>) => call('PUT', route, user, body);
/** Points the account at another subscription, as a checkout started beside a paid one once did. */
async function pointAccountAt(user: User, sub: { id: string; created: number }): Promise<void> {
  const client = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: bff.info.tableName,
        Key: { pk: { S: `USER#${user.uid}` }, sk: { S: 'ACCOUNT' } },
        UpdateExpression: 'SET subscriptionId = :id, subscriptionCreated = :c, subscriptionStatus = :s',
        ExpressionAttributeValues: {
          ':id': { S: sub.id },
          ':c': { N: String(sub.created) },
          ':s': { S: 'incomplete' },
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

const buy = (user: User, count: number) =>
  bff.call('POST', 'setup-checkout', { user, body: { uid: user.uid, email: user.email, count } });

describe('setup-checkout while a subscription is in force', () => {
  it('refuses a new checkout after Cancel Subscription, and the paid subscription stays the current one', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    const ids = { customerId, subscriptionId };
    expect((await put('cancel-subscription', user, ids)).status).toBe(200);

    const again = await buy(user, 1);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'SUBSCRIPTION_EXISTS',
      message: expect.stringContaining('Choose Keep Renewing to keep it'),
    });
    // Nothing new in Stripe: the customer still has only the paid subscription.
    const all = await bff.stripe.subscriptions.list({ customer: customerId, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([subscriptionId]);

    // Every read still names the paid subscription.
    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true }),
    ]);
    const invoices = await bff.call('GET', 'get-invoices', { user, query: {} });
    expect(invoices.status).toBe(200);
    expect(invoices.body.invoices).toEqual([expect.objectContaining({ status: 'paid', amountPaid: 3000 })]);
    const eligibility = await bff.call('GET', 'refund-eligibility', { user, query: { uid: user.uid } });
    expect(eligibility.body).toMatchObject({ eligible: true, amount: 3000 });

    // The actions on it are the owner's: Keep Renewing, then (set to end again) the refund.
    const resumed = await put('resume-subscription', user, ids);
    expect(resumed.status).toBe(200);
    expect((await buy(user, 1)).status).toBe(409);
    expect((await put('cancel-subscription', user, ids)).status).toBe(200);
    const refunded = await call('POST', 'request-refund', user, ids);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ amount: 3000 });

    // Once it has ended, buying is open again.
    const fresh = await buy(user, 1);
    expect(fresh.status).toBe(200);
    expect(fresh.body.subscriptionId).not.toBe(subscriptionId);
  });

  it('update-card works on the paid subscription after a refused second checkout', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 1);
    expect((await put('cancel-subscription', user, { customerId, subscriptionId })).status).toBe(200);
    expect((await buy(user, 3)).status).toBe(409);
    const card = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    const swap = await put('update-card', user, { subscriptionId, paymentMethodId: card.id });
    expect(swap.status).toBe(200);
    expect(swap.body).toMatchObject({ cardBrand: 'mastercard' });
  });

  it('an account left pointing at a checkout beside its paid subscription gets the paid one back', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    expect((await put('cancel-subscription', user, { customerId, subscriptionId })).status).toBe(200);
    const checkout = await bff.stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: bff.info.stripePriceId, quantity: 1 }],
      payment_behavior: 'default_incomplete',
      metadata: { uid: user.uid },
    });
    await pointAccountAt(user, checkout);

    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true }),
    ]);
    // The checkout can no longer be paid, and every action works on the paid subscription again.
    expect((await bff.stripe.subscriptions.retrieve(checkout.id)).status).toBe('canceled');
    // The payment is found again (the first test's refund of the same test card may refuse the offer).
    const eligibility = await bff.call('GET', 'refund-eligibility', { user, query: { uid: user.uid } });
    expect(eligibility.body).toMatchObject({ amount: 3000 });
    expect(eligibility.body.reason).not.toBe('NO_PAYMENT');
    expect((await put('resume-subscription', user, { customerId, subscriptionId })).status).toBe(200);
  });
});
