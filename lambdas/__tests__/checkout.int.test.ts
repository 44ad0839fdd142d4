import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { verifyStatement } from '../../desktop-client/statement';
import { licensePublicKey } from '../endpoints/license-public-key/contract';
import { validateLicense } from '../endpoints/validate-license/contract';
import { KEY_PATTERN } from '../lib/license-keys';
import { eventually, startBff, type Bff, type User } from './support/bff';
import { expectInvariants } from './support/invariants';
import { licensesOf, subscribe, pay as payWith, type License } from './support/accounts';
import { aMachine } from './support/machines';

// Buying, adding, quoting, removing and validating licenses through the local API server, against
// the real emulators. One stack for the file; each test uses fresh users.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);
const pay = (sec: string, card?: string) => payWith(bff, sec, card);

/** A user with an active subscription of `count` licenses, bought through the real flow. */

describe('checkout', () => {
  it('sets up, pays, completes and provisions one renewing key per license', async () => {
    const user = await bff.newUser();
    const empty = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(empty.body).toEqual({
      customerId: null,
      subscriptionId: null,
      subscriptionStatus: null,
      licenses: [],
      ended: [],
    });

    const setup = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 2 },
    });
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ count: 2, status: 'incomplete', amountDue: 3000, currency: 'usd' });
    expect(String(setup.body.sec)).toContain('_secret_');

    const pending = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(pending.body.subscriptions).toEqual([
      expect.objectContaining({ status: 'incomplete', clientSecret: setup.body.sec }),
    ]);
    // Completing before paying is refused and provisions nothing.
    const early = await bff.call('GET', 'complete-checkout', {
      user,
      query: { uid: user.uid, pmid: 'pm_card_visa' },
    });
    expect(early.status).toBe(402);
    expect(early.body.error?.code).toBe('PAYMENT_INCOMPLETE');
    expect(await licenses(user)).toEqual([]);

    const pmid = await pay(String(setup.body.sec));
    const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
    expect(done.status).toBe(200);
    expect(done.body.subscriptionStatus).toBe('active');
    const keys = done.body.licenses as License[];
    expect(keys).toHaveLength(2);
    for (const l of keys) {
      expect(l.key).toMatch(KEY_PATTERN);
      expect(l.expirationDate).toBe('NONE');
    }
    // A second completion changes nothing.
    const again = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
    expect(again.body.licenses).toEqual(keys);

    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    const [sub] = subs.body.subscriptions as Record<string, unknown>[];
    expect(sub).toMatchObject({
      id: setup.body.subscriptionId,
      status: 'active',
      activeLicenseCount: 2,
      renewLicenseCount: 2,
      cardBrand: 'visa',
      cardLast4: '4242',
      clientSecret: null,
    });
    expect(Number(sub?.currentPeriodEnd)).toBeGreaterThan(Number(sub?.currentPeriodStart));

    // A live subscription cannot be bought twice.
    const twice = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe('SUBSCRIPTION_EXISTS');
  });

  it('double submits of setup-checkout and complete-checkout make one subscription, one charge, the right keys', async () => {
    const user = await bff.newUser();
    const body = { uid: user.uid, email: user.email, count: 3 };
    const setups = await Promise.all([1, 2, 3].map(() => bff.call('POST', 'setup-checkout', { user, body })));
    for (const s of setups) expect(s.status).toBe(200);
    expect(new Set(setups.map((s) => s.body.subscriptionId)).size).toBe(1);
    expect(new Set(setups.map((s) => s.body.customerId)).size).toBe(1);

    const pmid = await pay(String(setups[0]?.body.sec));
    const dones = await Promise.all(
      [1, 2, 3].map(() => bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })),
    );
    for (const d of dones) expect(d.status).toBe(200);
    expect(await licenses(user)).toHaveLength(3);

    const customer = String(setups[0]?.body.customerId);
    const subs = await bff.stripe.subscriptions.list({ customer, status: 'all' });
    expect(subs.data).toHaveLength(1);
    const paid = await bff.stripe.invoices.list({ customer, status: 'paid' });
    expect(paid.data).toHaveLength(1);
    expect(paid.data[0]?.amount_paid).toBe(4500);
  });

  it('reuses a pending checkout for the same count and replaces it for another count', async () => {
    const user = await bff.newUser();
    const first = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    const same = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    expect(same.body.subscriptionId).toBe(first.body.subscriptionId);
    const other = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 4 },
    });
    expect(other.body.subscriptionId).not.toBe(first.body.subscriptionId);
    const old = await bff.stripe.subscriptions.retrieve(String(first.body.subscriptionId));
    expect(old.status).not.toBe('incomplete');
  });

  it('a declined first payment provisions nothing', async () => {
    const user = await bff.newUser();
    const setup = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    await expect(pay(String(setup.body.sec), 'pm_card_chargeDeclined')).rejects.toMatchObject({
      type: 'StripeCardError',
    });
    // The page is then asked to complete with a card of the user's that paid nothing: the first
    // payment is still awaited, so nothing is recorded and the user is asked for another card.
    const pm = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    const done = await bff.call('GET', 'complete-checkout', {
      user,
      query: { uid: user.uid, pmid: pm.id },
    });
    expect(done.status).toBe(402);
    expect(done.body.error?.code).toBe('PAYMENT_INCOMPLETE');
    expect(await licenses(user)).toEqual([]);
    const sub = await bff.stripe.subscriptions.retrieve(String(setup.body.subscriptionId));
    expect(sub.status).toBe('incomplete');
  });

  it('a payment whose complete-checkout never came is provisioned by the webhook', async () => {
    const user = await bff.newUser();
    const setup = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 2 },
    });
    await pay(String(setup.body.sec)); // the browser "crashes" here
    const keys = await eventually(async () => {
      const l = await licenses(user);
      return l.length === 2 && l;
    });
    expect(keys.every((l) => l.expirationDate === 'NONE')).toBe(true);
    const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
    expect(res.body.subscriptionStatus).toBe('active');
  });
});

describe('adding licenses', () => {
  it('quotes, then charges pro rata and provisions the new keys', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const quote = await bff.call('GET', 'quote-licenses', { user, query: { count: '2' } });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ count: 2, quantity: 3, currency: 'usd', unitAmount: 1500 });
    expect(Number(quote.body.amountDue)).toBeGreaterThan(0);
    expect(Number(quote.body.amountDue)).toBeLessThanOrEqual(3000);

    const add = await bff.call('PUT', 'add-licenses', {
      user,
      body: { customerId, subscriptionId, count: 2 },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ quantity: 3, added: 2 });
    expect(await licenses(user)).toHaveLength(3);
    const paid = await bff.stripe.invoices.list({ customer: customerId, status: 'paid' });
    expect(paid.data).toHaveLength(2);
  });

  it('a double submit adds once and charges once', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const body = { customerId, subscriptionId, count: 2 };
    // One user action, one Idempotency-Key: the second submit waits for the first and gets its answer.
    const headers = { 'idempotency-key': randomUUID() };
    const adds = await Promise.all(
      [1, 2].map(() => bff.call('PUT', 'add-licenses', { user, body, headers })),
    );
    for (const a of adds) expect(a.status).toBe(200);
    expect(adds[1]?.body).toEqual(adds[0]?.body);
    expect(await licenses(user)).toHaveLength(3);
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.items.data[0]?.quantity).toBe(3);
    const paid = await bff.stripe.invoices.list({ customer: customerId, status: 'paid' });
    expect(paid.data).toHaveLength(2);
  });

  it('two different user actions in parallel both take effect, one after the other', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const body = { customerId, subscriptionId, count: 2 };
    const adds = await Promise.all(
      [1, 2].map(() =>
        bff.call('PUT', 'add-licenses', { user, body, headers: { 'idempotency-key': randomUUID() } }),
      ),
    );
    for (const a of adds) expect(a.status).toBe(200);
    // Serialised by the account's lease: one went 1 -> 3, the other 3 -> 5.
    expect(adds.map((a) => a.body.quantity).sort()).toEqual([3, 5]);
    expect(await licenses(user)).toHaveLength(5);
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.items.data[0]?.quantity).toBe(5);
    const paid = await bff.stripe.invoices.list({ customer: customerId, status: 'paid' });
    expect(paid.data).toHaveLength(3);
    await expectInvariants(bff, user.uid);
  });

  it('adding, removing, then adding and removing the same number again each take effect', async () => {
    const { user, customerId, subscriptionId } = await subscribed(2);
    const add = () =>
      bff.call('PUT', 'add-licenses', { user, body: { customerId, subscriptionId, count: 1 } });
    const renewingKey = async () =>
      (await licenses(user)).filter((l) => l.expirationDate === 'NONE').at(-1)?.key;
    const remove = async () =>
      bff.call('PUT', 'remove-licenses', {
        user,
        body: { customerId, subscriptionId, licenseKeys: [await renewingKey()] },
      });
    const quantity = async () =>
      (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity;

    expect((await add()).body).toMatchObject({ quantity: 3, added: 1 });
    expect((await remove()).status).toBe(200);
    expect(await quantity()).toBe(2);
    // The same 2 -> 3 again is a new purchase: charged again, a new key.
    expect((await add()).body).toMatchObject({ quantity: 3, added: 1 });
    expect(await quantity()).toBe(3);
    // And the same 3 -> 2 again really lowers the renewing quantity.
    expect((await remove()).status).toBe(200);
    expect(await quantity()).toBe(2);
    const paid = await bff.stripe.invoices.list({ customer: customerId, status: 'paid' });
    expect(paid.data).toHaveLength(3);
    expect(await licenses(user)).toHaveLength(4);
  });

  it('a declined card adds nothing and says so with 402', async () => {
    const { user, customerId, subscriptionId } = await subscribed(1);
    const bad = await bff.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customerId,
    });
    await bff.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: bad.id } });
    await bff.stripe.subscriptions.update(subscriptionId, { default_payment_method: bad.id });
    const add = await bff.call('PUT', 'add-licenses', {
      user,
      body: { customerId, subscriptionId, count: 1 },
    });
    expect(add.status).toBe(402);
    expect(add.body.error?.message).toMatch(/declined/i);
    expect(await licenses(user)).toHaveLength(1);
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity).toBe(1);
  });
});

describe('removing licenses and validating keys', () => {
  it('a removed license ends at the period end and stops renewing', async () => {
    const { user, customerId, subscriptionId } = await subscribed(3);
    const [first, second] = await licenses(user);
    const res = await bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [first?.key.toLowerCase()] },
    });
    expect(res.status).toBe(200);
    expect(res.body.renewLicenseCount).toBe(2);
    const after = await licenses(user);
    const removed = after.find((l) => l.key === first?.key);
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
    expect(removed?.expirationDate).toBe(
      new Date((sub.items.data[0]?.current_period_end ?? 0) * 1000).toISOString(),
    );
    expect(sub.items.data[0]?.quantity).toBe(2);

    // Removing it again is refused: it no longer renews.
    const again = await bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [first?.key] },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('LICENSE_NOT_RENEWING');

    const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
    expect(subs.body.subscriptions).toEqual([
      expect.objectContaining({ activeLicenseCount: 3, renewLicenseCount: 2 }),
    ]);

    // Removing the rest cancels at period end; every license stays in force until then.
    const rest = await bff.call('PUT', 'remove-licenses', {
      user,
      body: {
        customerId,
        subscriptionId,
        licenseKeys: after.filter((l) => l.key !== first?.key).map((l) => l.key),
      },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ renewLicenseCount: 0, cancelAtPeriodEnd: true });
    expect((await licenses(user)).every((l) => l.expirationDate !== 'NONE')).toBe(true);
    const add = await bff.call('PUT', 'add-licenses', {
      user,
      body: { customerId, subscriptionId, count: 1 },
    });
    expect(add.status).toBe(409);
    expect(add.body.error?.code).toBe('SUBSCRIPTION_ENDING');
    expect(second).toBeDefined();
  });

  it('validate-license answers with a statement the application verifies offline', async () => {
    const { user } = await subscribed(1);
    const [license] = await licenses(user);
    const machine = aMachine();
    const res = await bff.send(validateLicense, { user, body: { key: license?.key ?? '', machine } });
    expect(res.answer).toMatchObject({ valid: true, code: 'VALID', tools: 'all', renews: true });
    const token = res.answer?.valid ? res.answer.token : '';

    // The reference client's offline check (desktop-client/statement.ts) with the published keys.
    const published = await bff.send(licensePublicKey);
    expect(published.status).toBe(200);
    const keys = { keys: published.answer?.keys ?? [] };
    const expected = { key: license?.key ?? '', machine: machine.id };
    const statement = await verifyStatement(token, keys, expected);
    expect(statement).toMatchObject({ sub: user.uid, key: license?.key, machine: machine.id, tools: 'all' });
    const week = Date.now() / 1000 + 7 * 24 * 3600;
    expect(statement.exp).toBeLessThanOrEqual(week + 5);
    // Its header names the key that signed it; the PEM is that same key.
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'EdDSA',
      kid: published.answer?.kid,
      typ: 'license+jwt',
    });
    // Offline, after the statement's expiry, the application stops trusting it; and it is this machine's only.
    await expect(
      verifyStatement(token, keys, expected, new Date((statement.exp + 1) * 1000)),
    ).rejects.toMatchObject({ reason: 'expired' });
    await expect(verifyStatement(token, keys, { ...expected, machine: aMachine().id })).rejects.toMatchObject(
      {
        reason: 'other-machine',
      },
    );

    const unknown = await bff.call('POST', 'validate-license', {
      user,
      body: { key: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', machine: aMachine() },
    });
    expect(unknown.body).toMatchObject({ valid: false, code: 'NOT_FOUND', tools: [1, 2, 3], token: null });
    const stranger = await bff.newUser();
    const theirs = await bff.call('POST', 'validate-license', {
      user: stranger,
      body: { key: license?.key, machine: aMachine() },
    });
    expect(theirs.body).toMatchObject({ valid: false, code: 'NOT_FOUND' });
  });
});
