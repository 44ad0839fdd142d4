import { randomUUID } from 'node:crypto';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { expectInvariants } from '../../../__tests__/support/invariants';
import { licensesOf, subscribe } from '../../../__tests__/support/accounts';

// Keeping a subscription renewing after every license was removed (it was set to end at period end),
// through the local API server against the real emulators: the same keys renew again, Stripe renews
// again, and a subscription Stripe has ended cannot be resumed.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

async function remove(user: User, customerId: string, subscriptionId: string, keys: string[]) {
  const res = await bff.call('PUT', 'remove-licenses', {
    user,
    body: { customerId, subscriptionId, licenseKeys: keys },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const resume = (user: User, customerId: string, subscriptionId: string) =>
  bff.call('PUT', 'resume-subscription', {
    user,
    body: { customerId, subscriptionId },
    headers: { 'idempotency-key': randomUUID() },
  });

describe('resume-subscription', () => {
  it('renews the keys removed last, as many as Stripe renews, and allows adding again', async () => {
    const { user, customerId, subscriptionId } = await subscribed(3);
    const [first, ...rest] = await licenses(user);
    // One license removed alone (Stripe then renews 2), then the other two: the subscription ends.
    await remove(user, customerId, subscriptionId, [String(first?.key)]);
    const ending = await remove(
      user,
      customerId,
      subscriptionId,
      rest.map((l) => l.key),
    );
    expect(ending).toMatchObject({ renewLicenseCount: 0, cancelAtPeriodEnd: true });

    const res = await resume(user, customerId, subscriptionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subscriptionId, renewLicenseCount: 2, cancelAtPeriodEnd: false });
    const after = await licenses(user);
    expect(after.map((l) => l.key).sort()).toEqual([first, ...rest].map((l) => l?.key).sort());
    for (const l of rest) expect(after.find((a) => a.key === l.key)?.expirationDate).toBe('NONE');
    expect(after.find((a) => a.key === first?.key)?.expirationDate).not.toBe('NONE');

    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.items.data[0]?.quantity).toBe(2);
    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', renewLicenseCount: 2, cancelAtPeriodEnd: false }),
    ]);
    const add = await bff.call('PUT', 'add-licenses', {
      user,
      body: { customerId, subscriptionId, count: 1 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(add.status).toBe(200);
    await expectInvariants(bff, user.uid);
  });

  it('works again after a second cancellation in the same period, and changes nothing when renewing', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const [only] = await licenses(user);
    const key = String(only?.key);

    const renewing = await resume(user, customerId, subscriptionId);
    expect(renewing.status).toBe(200);
    expect(renewing.body).toMatchObject({ renewLicenseCount: 1, cancelAtPeriodEnd: false });

    for (let round = 0; round < 2; round++) {
      await remove(user, customerId, subscriptionId, [key]);
      const res = await resume(user, customerId, subscriptionId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ renewLicenseCount: 1, cancelAtPeriodEnd: false });
      expect(await licenses(user)).toEqual([{ key, expirationDate: 'NONE', assignee: null }]);
    }
    await expectInvariants(bff, user.uid);
  });

  it('refuses a subscription Stripe has ended, one of another user, and a malformed request', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const other = await bff.newUser();
    const foreign = await bff.call('PUT', 'resume-subscription', {
      user: other,
      body: { customerId, subscriptionId },
    });
    expect(foreign.status).toBe(403);
    const bad = await bff.call('PUT', 'resume-subscription', { user, body: { subscriptionId } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_REQUEST');

    await bff.stripe.subscriptions.cancel(subscriptionId);
    const ended = await resume(user, customerId, subscriptionId);
    expect(ended.status).toBe(409);
    expect(ended.body).toEqual({
      error: {
        code: 'SUBSCRIPTION_NOT_ACTIVE',
        message: 'This subscription can no longer renew. Buy licenses to start a new subscription.',
      },
    });
  });
});
