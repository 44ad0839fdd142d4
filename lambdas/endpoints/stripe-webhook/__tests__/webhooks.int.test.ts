import { subscribe, useFailingCard } from '../../../__tests__/support/accounts';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { aMachine } from '../../../__tests__/support/machines';

// The Stripe webhook and everything time brings: signature checks, replays, out-of-order delivery,
// renewals and failed renewals driven by the emulator's clock, recovery with a new card, and a
// removed license expiring at the period end. The clock is global to the emulator, so this file
// has its own stack and its tests run in order.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

type License = { key: string; expirationDate: string };
const DAY = 24 * 3600;

async function licenses(user: User): Promise<License[]> {
  return (await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).body
    .licenses as License[];
}

const subscribed = (count: number) => subscribe(bff, count);

async function emulator(method: string, path: string, body?: Record<string, unknown>) {
  const res = await fetch(`${bff.info.stripeApi}${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body
      ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
      : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}

type EmulatorEvent = {
  id: string;
  type: string;
  object_id: string | null;
  delivery: { status: string } | null;
};

async function eventsOf(type: string): Promise<EmulatorEvent[]> {
  return (await emulator('GET', `/_emulator/events?type=${encodeURIComponent(type)}`))
    .data as EmulatorEvent[];
}

/** Posts a payload to the webhook as Stripe would, signed with the stack's secret unless told. */
function deliver(payload: string, secret = bff.webhookSecret) {
  const signature = bff.stripe.webhooks.generateTestHeaderString({ payload, secret });
  return bff.call('POST', 'stripe-webhook', { raw: payload, headers: { 'stripe-signature': signature } });
}

/** One installation of the application, used by every person of this file on their own license. */
const machine = aMachine();

async function validate(user: User, key: string) {
  return (await bff.call('POST', 'validate-license', { user, body: { key, machine } })).body;
}

describe('webhook signature', () => {
  it('refuses a forged, missing or stale signature with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const forged = await deliver(payload, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(forged.body.error?.code).toBe('INVALID_SIGNATURE');
    const missing = await bff.call('POST', 'stripe-webhook', { raw: payload });
    expect(missing.status).toBe(400);
    const tampered = bff.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: bff.webhookSecret,
    });
    const changed = await bff.call('POST', 'stripe-webhook', {
      raw: payload.replace('invoice.paid', 'invoice.payment_failed'),
      headers: { 'stripe-signature': tampered },
    });
    expect(changed.status).toBe(400);
    const old = bff.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: bff.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const stale = await bff.call('POST', 'stripe-webhook', {
      raw: payload,
      headers: { 'stripe-signature': old },
    });
    expect(stale.status).toBe(400);
  });

  it('accepts a base64-encoded body signed over its decoded bytes', async () => {
    // Through API Gateway a non-text content type arrives base64-encoded; the signature covers the raw bytes.
    const payload = JSON.stringify({
      id: 'evt_b64_test',
      object: 'event',
      type: 'ping',
      data: { object: {} },
    });
    const signature = bff.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: bff.webhookSecret,
    });
    const res = await bff.call('POST', 'stripe-webhook', {
      raw: payload,
      headers: { 'stripe-signature': signature, 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
  });
});

describe('replay and order', () => {
  it('a replayed or reordered event leaves the records as Stripe has them', async () => {
    const { user, subscriptionId } = await subscribed(2);
    const before = await licenses(user);
    expect(before).toHaveLength(2);

    // Resend every event of this subscription, oldest (subscription.created, status incomplete) last.
    const all = [
      ...(await eventsOf('invoice.paid')),
      ...(await eventsOf('customer.subscription.updated')),
      ...(await eventsOf('customer.subscription.created')),
    ].filter((e) => e.object_id === subscriptionId || e.type.startsWith('invoice'));
    expect(all.length).toBeGreaterThan(1);
    for (const e of all) await emulator('POST', `/_emulator/events/${e.id}/resend`);
    await eventually(async () => {
      const pending = (await eventsOf('customer.subscription.created')).filter(
        (e) => e.delivery?.status === 'pending',
      );
      return pending.length === 0;
    });

    // The same events as new deliveries (fresh ids, so dedupe cannot hide them): the oldest state last.
    const created = await bff.stripe.events.retrieve(
      (await eventsOf('customer.subscription.created')).find((e) => e.object_id === subscriptionId)?.id ?? '',
    );
    const reordered = await deliver(JSON.stringify({ ...created, id: `${created.id}_late` }));
    expect(reordered.status).toBe(200);
    // A second delivery of one event id is recognised.
    const dup = await deliver(JSON.stringify({ ...created, id: `${created.id}_late` }));
    expect(dup.body).toMatchObject({ duplicate: true });

    expect(await licenses(user)).toEqual(before);
    const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(res.body.subscriptionStatus).toBe('active');
  });
});

describe('renewals by the clock', () => {
  it('renews, fails a renewal, recovers with a new card, and expires a removed license', async () => {
    const renewing = await subscribed(2);
    const failing = await subscribed(1);
    const [kept, removed] = await licenses(renewing.user);
    const rm = await bff.call('PUT', 'remove-licenses', {
      user: renewing.user,
      body: {
        customerId: renewing.customerId,
        subscriptionId: renewing.subscriptionId,
        licenseKeys: [removed?.key],
      },
    });
    expect(rm.status).toBe(200);
    expect((await validate(renewing.user, removed?.key ?? '')).code).toBe('VALID');

    // The failing user's card now attaches but every charge fails.
    await useFailingCard(bff, failing.user, failing.subscriptionId);

    const periodEnd =
      (await bff.stripe.subscriptions.retrieve(renewing.subscriptionId)).items.data[0]?.current_period_end ??
      0;
    await emulator('POST', '/_emulator/clock/advance', { seconds: 31 * DAY });

    // Renewal: the removed license expired at the old period end; one license renews and was charged.
    await eventually(async () => (await validate(renewing.user, removed?.key ?? '')).code === 'EXPIRED');
    const keptCheck = await validate(renewing.user, kept?.key ?? '');
    expect(keptCheck).toMatchObject({ valid: true, code: 'VALID' });
    const subs = await bff.call('GET', 'get-subscriptions', {
      user: renewing.user,
      query: { uid: renewing.user.uid },
    });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', activeLicenseCount: 1, renewLicenseCount: 1 }),
    ]);
    expect(
      Number((subs.body.subscriptions as Record<string, number>[])[0]?.currentPeriodStart),
    ).toBeGreaterThanOrEqual(periodEnd);
    const cycle = (await bff.stripe.invoices.list({ customer: renewing.customerId })).data.find(
      (i) => i.billing_reason === 'subscription_cycle',
    );
    expect(cycle?.amount_paid).toBe(1500);
    expect((await licenses(renewing.user)).map((l) => l.key)).toEqual([kept?.key]);

    // Failed renewal: past_due, and the license is no longer in force.
    const [failingKey] = await licenses(failing.user);
    await eventually(
      async () => (await validate(failing.user, failingKey?.key ?? '')).code === 'SUBSCRIPTION_INACTIVE',
    );
    const state = await bff.call('GET', 'get-licenses', {
      user: failing.user,
      query: { uid: failing.user.uid },
    });
    expect(state.body.subscriptionStatus).toBe('past_due');

    // A declined replacement card answers 402 and changes nothing.
    const declined = await bff.call('PUT', 'update-card', {
      user: failing.user,
      body: { subscriptionId: failing.subscriptionId, paymentMethodId: 'pm_card_chargeDeclined' },
    });
    expect(declined.status).toBe(402);

    // A good card pays the open invoice and the license works again.
    const good = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    const fixed = await bff.call('PUT', 'update-card', {
      user: failing.user,
      body: { subscriptionId: failing.subscriptionId, paymentMethodId: good.id },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'active', cardLast4: '4242', paidInvoices: 1 });
    expect((await validate(failing.user, failingKey?.key ?? '')).code).toBe('VALID');
  });

  it('a subscription cancelled at period end ends its licenses and allows a new purchase', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const [only] = await licenses(user);
    await bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [only?.key] },
    });
    await emulator('POST', '/_emulator/clock/advance', { seconds: 32 * DAY });
    await eventually(async () => (await validate(user, only?.key ?? '')).code === 'EXPIRED');
    const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(res.body).toMatchObject({ subscriptionStatus: 'canceled', licenses: [] });
    const again = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    expect(again.status).toBe(200);
    expect(again.body.subscriptionId).not.toBe(subscriptionId);
  });
});
