import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';

import { licensesOf, subscribe } from '../../../__tests__/support/accounts';
import { aMachine } from '../../../__tests__/support/machines';

// Closing an account: the subscription cancelled, the customer and every record deleted.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
}, 60000);
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

describe('delete-customer', () => {
  it('cancels, deletes the customer and every record, and says what it removed', async () => {
    const { user, customerId, subscriptionId } = await subscribed(2);
    const [license] = await licenses(user);
    const body = { uid: user.uid, currentPassword: user.password };
    const res = await bff.call('POST', 'delete-customer', { user, body });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({
      customerId,
      subscriptionId,
      subscriptionCanceled: true,
      customerDeleted: true,
      account: true,
      licenses: 2,
    });
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    // Every session ended with the deletion; the Cognito user (deleted by the page) can sign in again.
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(401);
    user.token = (await bff.signIn(user.email, user.password)).token;
    const after = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(after.body).toEqual({
      customerId: null,
      subscriptionId: null,
      subscriptionStatus: null,
      licenses: [],
      ended: [],
    });
    const check = await bff.call('POST', 'validate-license', {
      user,
      body: { key: license?.key, machine: aMachine() },
    });
    expect(check.body.code).toBe('NOT_FOUND');
    // The cancellation webhooks, delivered after the answer, must not bring anything back: look again
    // once the emulator has delivered every event about this subscription and customer.
    await eventually(async () => {
      const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
      const { data } = (await res.json()) as {
        data: { object_id: string | null; delivery: { status: string } | null }[];
      };
      const ours = data.filter((e) => e.object_id === subscriptionId || e.object_id === customerId);
      return ours.length > 0 && ours.every((e) => e.delivery?.status !== 'pending');
    });
    expect(
      (await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).body.customerId,
    ).toBeNull();
    // Deleting again is harmless.
    const again = await bff.call('POST', 'delete-customer', { user, body });
    expect(again.status).toBe(200);
  });
});
