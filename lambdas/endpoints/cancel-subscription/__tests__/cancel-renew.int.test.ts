import { randomUUID } from 'node:crypto';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { expectInvariants } from '../../../__tests__/support/invariants';
import { licensesOf, subscribe } from '../../../__tests__/support/accounts';

// Leaving in one step (cancel-subscription) and renewing removed licenses again (renew-licenses),
// through the local API server against the real emulators: Stripe and our records agree after each.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

const DAY = 24 * 3600;
const licenses = (user: User) => licensesOf(bff, user);

const put = (route: string, user: User, body: Record<string, unknown>, key: string = randomUUID()) =>
  bff.call('PUT', route, { user, body, headers: { 'idempotency-key': key } });

async function emulator(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${bff.info.stripeApi}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

const periodEndOf = async (subscriptionId: string) =>
  (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.current_period_end ?? 0;

describe('cancel-subscription', () => {
  it('stops every renewing license at the period end in one step, and says when', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 3);
    const ids = { customerId, subscriptionId };
    const [first] = await licenses(user);
    expect((await put('remove-licenses', user, { ...ids, licenseKeys: [first?.key] })).status).toBe(200);
    const endsAt = new Date((await periodEndOf(subscriptionId)) * 1000).toISOString();
    // The next charge, from our records: the two licenses still renewing, at the period's end.
    const before = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(before.body.subscriptions).toEqual([
      expect.objectContaining({ nextCharge: { amount: 3000, currency: 'usd', date: endsAt } }),
    ]);

    // A double click: one key, both clicks answered alike.
    const key = randomUUID();
    const [a, b] = await Promise.all([
      put('cancel-subscription', user, ids, key),
      put('cancel-subscription', user, ids, key),
    ]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ subscriptionId, endsAt, renewLicenseCount: 0, cancelAtPeriodEnd: true });
    const after = await licenses(user);
    expect(after).toHaveLength(3);
    for (const l of after) expect(l.expirationDate).toBe(endsAt);

    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(true);
    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({
        cancelAtPeriodEnd: true,
        renewLicenseCount: 0,
        activeLicenseCount: 3,
        nextCharge: null,
        // What Keep Renewing would charge (the two licenses Stripe still holds), and when.
        keepRenewingCharge: { amount: 3000, currency: 'usd', date: endsAt },
      }),
    ]);
    // Nothing can be added to a subscription that ends; cancelling again answers the same end.
    const add = await put('add-licenses', user, { ...ids, count: 1 });
    expect(add.body.error?.code).toBe('SUBSCRIPTION_ENDING');
    const again = await put('cancel-subscription', user, ids);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ endsAt, renewLicenseCount: 0 });
    await expectInvariants(bff, user.uid);
  });

  it("refuses another user's subscription, a checkout not paid yet, and a malformed request", async () => {
    const { customerId, subscriptionId } = await subscribe(bff, 1);
    const other = await bff.newUser();
    const foreign = await put('cancel-subscription', other, { customerId, subscriptionId });
    expect(foreign.status).toBe(403);
    const bad = await put('cancel-subscription', other, { subscriptionId });
    expect(bad.status).toBe(400);

    const pending = await bff.newUser();
    const setup = await bff.call('POST', 'setup-checkout', {
      user: pending,
      body: { uid: pending.uid, email: pending.email, count: 1 },
    });
    const unpaid = await put('cancel-subscription', pending, {
      customerId: setup.body.customerId,
      subscriptionId: setup.body.subscriptionId,
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error?.code).toBe('SUBSCRIPTION_NOT_ACTIVE');
  });
});

describe('renew-licenses', () => {
  it('renews chosen removed licenses with their keys, charging nothing now, also after a cancellation', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 3);
    const ids = { customerId, subscriptionId };
    const [a, b, c] = await licenses(user);
    await put('remove-licenses', user, { ...ids, licenseKeys: [a?.key, b?.key] });
    const invoicesBefore = (await bff.stripe.invoices.list({ subscription: subscriptionId })).data.length;

    const renewed = await put('renew-licenses', user, { ...ids, licenseKeys: [a?.key] });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ renewLicenseCount: 2, cancelAtPeriodEnd: false });
    const byKey = new Map((await licenses(user)).map((l) => [l.key, l.expirationDate]));
    expect(byKey.get(String(a?.key))).toBe('NONE');
    expect(byKey.get(String(b?.key))).not.toBe('NONE');
    expect(byKey.get(String(c?.key))).toBe('NONE');
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity).toBe(2);
    expect((await bff.stripe.invoices.list({ subscription: subscriptionId })).data).toHaveLength(
      invoicesBefore,
    );
    await expectInvariants(bff, user.uid);

    // After leaving altogether, one license kept renewing: the subscription no longer ends.
    await put('cancel-subscription', user, ids);
    const kept = await put('renew-licenses', user, { ...ids, licenseKeys: [b?.key] });
    expect(kept.body).toMatchObject({ renewLicenseCount: 1, cancelAtPeriodEnd: false });
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.items.data[0]?.quantity).toBe(1);
    expect((await licenses(user)).filter((l) => l.expirationDate === 'NONE').map((l) => l.key)).toEqual([
      b?.key,
    ]);
    // A license that renews already asks for nothing.
    const same = await put('renew-licenses', user, { ...ids, licenseKeys: [b?.key] });
    expect(same.body).toMatchObject({ renewLicenseCount: 1 });
    await expectInvariants(bff, user.uid);
  });

  it('a sync between Stripe renewing and our records renews the same keys, never mints new ones', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    const ids = { customerId, subscriptionId };
    const [a, b] = await licenses(user);
    await put('cancel-subscription', user, ids);
    // Stripe makes the change and answers a 500 it keeps under the key; the webhook about the change
    // syncs before the user retries.
    await emulator('/_emulator/faults', {
      kind: 'error-after-change',
      method: 'POST',
      path: `^/v1/subscriptions/${subscriptionId}$`,
      times: 1,
    });
    const key = randomUUID();
    const failed = await put('renew-licenses', user, { ...ids, licenseKeys: [a?.key, b?.key] }, key);
    expect(failed.status).toBe(500);
    await eventually(async () =>
      (await licenses(user)).every((l) => l.expirationDate === 'NONE') ? true : undefined,
    );
    expect((await licenses(user)).map((l) => l.key).sort()).toEqual([a?.key, b?.key].sort());
    const retried = await put('renew-licenses', user, { ...ids, licenseKeys: [a?.key, b?.key] }, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ renewLicenseCount: 2, cancelAtPeriodEnd: false });
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity).toBe(2);
    await expectInvariants(bff, user.uid);
  });

  it('removes, renews and removes again without Idempotency-Keys: Stripe follows each step', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    const [a] = await licenses(user);
    const body = { customerId, subscriptionId, licenseKeys: [a?.key] };
    for (const route of ['remove-licenses', 'renew-licenses', 'remove-licenses']) {
      const res = await bff.call('PUT', route, { user, body });
      expect(res.status).toBe(200);
    }
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity).toBe(1);
    expect((await licenses(user)).filter((l) => l.expirationDate === 'NONE')).toHaveLength(1);
    await expectInvariants(bff, user.uid);
  });

  it('refuses a license whose paid period is over, and another user’s license', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    const ids = { customerId, subscriptionId };
    const [a, b] = await licenses(user);
    await put('remove-licenses', user, { ...ids, licenseKeys: [a?.key] });
    const stranger = await subscribe(bff, 1);
    const foreign = await put('renew-licenses', stranger.user, {
      customerId: stranger.customerId,
      subscriptionId: stranger.subscriptionId,
      licenseKeys: [a?.key],
    });
    expect(foreign.status).toBe(403);

    // The period passes: the removed license ended with it (the renewal's webhook marks it expired).
    await emulator('/_emulator/clock/advance', { seconds: 32 * DAY });
    await eventually(async () => ((await licenses(user)).length === 1 ? true : undefined));
    const late = await put('renew-licenses', user, { ...ids, licenseKeys: [a?.key] });
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({
      code: 'LICENSE_ENDED',
      message: 'Only licenses still in the period already paid for can renew again. Add licenses instead.',
    });
    expect((await licenses(user)).map((l) => l.key)).toEqual([b?.key]);
    await expectInvariants(bff, user.uid);
  });
});
