import { randomUUID } from 'node:crypto';
import { cancelCheckout } from '../contract';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { expectInvariants } from '../../../__tests__/support/invariants';
import { pay, startCheckout, subscribe } from '../../../__tests__/support/accounts';

// Dropping a checkout that was never paid, through the local API server against the real emulators:
// nothing stays open in Stripe (the subscription is cancelled, its first invoice voided so a card form
// in another tab can no longer pay it), the account shows no subscription to continue, and the user
// can start a new checkout. Another account's ids are refused; double clicks and retries end it once.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const cancel = (user: User, ids: { customerId: string; subscriptionId: string }, key = randomUUID()) =>
  bff.send(cancelCheckout, { user, body: ids, headers: { 'idempotency-key': key } });

async function pending() {
  const user = await bff.newUser();
  const { sec, customerId, subscriptionId } = await startCheckout(bff, user, 2);
  return { user, sec, ids: { customerId, subscriptionId } };
}

describe('cancel-checkout', () => {
  it('ends the checkout in Stripe and in our records, and a new checkout can start', async () => {
    const { user, sec, ids } = await pending();

    const res = await cancel(user, ids);
    expect(res.status).toBe(200);
    expect(res.answer).toEqual({ subscriptionId: ids.subscriptionId, status: 'canceled' });

    const sub = await bff.stripe.subscriptions.retrieve(ids.subscriptionId, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('canceled');
    expect(typeof sub.latest_invoice === 'object' && sub.latest_invoice?.status).toBe('void');
    // The card form of a tab still open on the old checkout cannot pay it any more.
    await expect(pay(bff, sec)).rejects.toThrow();
    const open = await bff.stripe.subscriptions.list({ customer: ids.customerId, status: 'incomplete' });
    expect(open.data).toEqual([]);

    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ id: ids.subscriptionId, status: 'canceled', clientSecret: null }),
    ]);

    const again = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    expect(again.status).toBe(200);
    expect(again.body.subscriptionId).not.toBe(ids.subscriptionId);
    expect(again.body.customerId).toBe(ids.customerId);
    await expectInvariants(bff, user.uid);
  });

  it("refuses another account's ids and changes nothing", async () => {
    const victim = await pending();
    const attacker = await pending();

    const theirs = await cancel(attacker.user, victim.ids);
    expect(theirs.status).toBe(403);
    const mixed = await cancel(attacker.user, {
      customerId: attacker.ids.customerId,
      subscriptionId: victim.ids.subscriptionId,
    });
    expect(mixed.status).toBe(403);
    expect((await bff.stripe.subscriptions.retrieve(victim.ids.subscriptionId)).status).toBe('incomplete');
    // The victim can still pay their checkout.
    await pay(bff, victim.sec);
    expect((await bff.stripe.subscriptions.retrieve(victim.ids.subscriptionId)).status).toBe('active');
  });

  it('ends the checkout once on a double click, and answers the same on a retry with a new key', async () => {
    const { user, ids } = await pending();
    const key = randomUUID();
    const [first, second] = await Promise.all([cancel(user, ids, key), cancel(user, ids, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.answer).toEqual(first.answer);

    const retry = await cancel(user, ids);
    expect(retry.status).toBe(200);
    expect(retry.answer).toEqual({ subscriptionId: ids.subscriptionId, status: 'canceled' });
    const all = await bff.stripe.subscriptions.list({ customer: ids.customerId, status: 'all' });
    expect(all.data.map((s) => s.status)).toEqual(['canceled']);
    await expectInvariants(bff, user.uid);
  });

  it('refuses a checkout that is paid, which keeps its licenses', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 1);
    const res = await cancel(user, { customerId, subscriptionId });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('CHECKOUT_PAID');
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    await expectInvariants(bff, user.uid);
  });

  it('refuses a user with no checkout and a malformed body with a JSON 4xx', async () => {
    const user = await bff.newUser();
    const none = await cancel(user, { customerId: 'cus_nothing1', subscriptionId: 'sub_nothing1' });
    expect(none.status).toBe(403);
    const bad = await bff.call('PUT', 'cancel-checkout', {
      user,
      body: { customerId: 'cus_x', subscriptionId: 42 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_REQUEST');
  });
});
