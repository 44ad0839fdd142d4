import { startBff, type Bff, type User } from './support/bff';

import { licensesOf, subscribe } from './support/accounts';

// What another account's ids get from the purchase endpoints: 403, and nothing changed.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

describe('ownership', () => {
  it("another user's ids answer 403 and change nothing", async () => {
    const owner = await subscribed(2);
    const intruder = await subscribed(1);
    const keys = await licenses(owner.user);
    const as = intruder.user;
    const attempts = [
      bff.call('GET', 'get-licenses', { user: as, query: { uid: owner.user.uid } }),
      bff.call('GET', 'get-subscriptions', { user: as, query: { uid: owner.user.uid } }),
      bff.call('POST', 'setup-checkout', {
        user: as,
        body: { uid: owner.user.uid, email: owner.user.email, count: 1 },
      }),
      bff.call('GET', 'complete-checkout', {
        user: as,
        query: { uid: owner.user.uid, pmid: 'pm_card_visa' },
      }),
      bff.call('PUT', 'add-licenses', {
        user: as,
        body: { customerId: owner.customerId, subscriptionId: owner.subscriptionId, count: 1 },
      }),
      bff.call('PUT', 'add-licenses', {
        user: as,
        body: { customerId: intruder.customerId, subscriptionId: owner.subscriptionId, count: 1 },
      }),
      bff.call('GET', 'quote-licenses', {
        user: as,
        query: { count: '1', subscriptionId: owner.subscriptionId },
      }),
      bff.call('PUT', 'remove-licenses', {
        user: as,
        body: {
          customerId: owner.customerId,
          subscriptionId: owner.subscriptionId,
          licenseKeys: [keys[0]?.key],
        },
      }),
      bff.call('PUT', 'remove-licenses', {
        user: as,
        body: {
          customerId: intruder.customerId,
          subscriptionId: intruder.subscriptionId,
          licenseKeys: [keys[0]?.key],
        },
      }),
      bff.call('PUT', 'update-card', {
        user: as,
        body: { subscriptionId: owner.subscriptionId, paymentMethodId: 'pm_card_visa' },
      }),
      bff.call('POST', 'delete-customer', {
        user: as,
        body: { uid: owner.user.uid, currentPassword: as.password },
      }),
      bff.call('PUT', 'update-email', {
        user: as,
        body: {
          uid: owner.user.uid,
          oldEmail: owner.user.email,
          newEmail: 'x@example.com',
          currentPassword: owner.user.password,
        },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('FORBIDDEN');
    }
    expect(await licenses(owner.user)).toEqual(keys);
    const sub = await bff.stripe.subscriptions.retrieve(owner.subscriptionId);
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]?.quantity).toBe(2);
  });

  it('no token answers 401', async () => {
    const res = await bff.call('GET', 'get-licenses', { query: { uid: 'x' } });
    expect(res.status).toBe(401);
  });
});
