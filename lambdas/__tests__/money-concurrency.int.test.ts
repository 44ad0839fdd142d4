import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { LEASE_SK, userPk } from '../lib/repository/keys';
import { PARTITION_KEY, SORT_KEY } from '../lib/table';
import { expectInvariants } from './support/invariants';
import { paymentIntentOf, startBff, type Bff, type User } from './support/bff';
import { licensesOf, subscribe, type License } from './support/accounts';

// Money under concurrency: parallel changes to one account take turns under its lease, a
// user action retried with its Idempotency-Key is done once, and after each scenario the account's
// keys and Stripe's charges agree (support/invariants.ts). No sleeps: each test waits on results.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

const newKey = () => randomUUID();

const add = (s: { user: User; customerId: string; subscriptionId: string }, count: number, key = newKey()) =>
  bff.call('PUT', 'add-licenses', {
    user: s.user,
    headers: { 'idempotency-key': key },
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, count },
  });

const remove = (
  s: { user: User; customerId: string; subscriptionId: string },
  licenseKeys: string[],
  key = newKey(),
) =>
  bff.call('PUT', 'remove-licenses', {
    user: s.user,
    headers: { 'idempotency-key': key },
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, licenseKeys },
  });

const quantityOf = async (subscriptionId: string) =>
  (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity;

const renewing = (ls: License[]) => ls.filter((l) => l.expirationDate === 'NONE');

/** Dates the account's lease in the past, as time would: the next request may take it. */
async function expireLease(uid: string) {
  const doc = DynamoDBDocument.from(
    new DynamoDBClient({ region: bff.info.region, endpoint: bff.info.dynamodb }),
  );
  await doc.update({
    TableName: bff.info.tableName,
    Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: LEASE_SK },
    UpdateExpression: 'SET leaseUntil = :past',
    ConditionExpression: 'attribute_exists(leaseToken)',
    ExpressionAttributeValues: { ':past': Date.now() - 1 },
  });
  doc.destroy();
}

describe('parallel changes to one account', () => {
  it('two adds in parallel (2 and 1 from 3) both take effect: 6 renewing keys, 6 billed', async () => {
    const s = await subscribed(3);
    const [a, b] = await Promise.all([add(s, 2), add(s, 1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await quantityOf(s.subscriptionId)).toBe(6);
    expect(renewing(await licenses(s.user))).toHaveLength(6);
    await expectInvariants(bff, s.user.uid);
  });

  it('an add racing a remove ends with as many renewing keys as Stripe bills', async () => {
    const s = await subscribed(3);
    const [first] = await licenses(s.user);
    const [a, r] = await Promise.all([add(s, 1), remove(s, [String(first?.key)])]);
    expect([a.status, r.status]).toEqual([200, 200]);
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    expect(renewing(await licenses(s.user))).toHaveLength(3);
    await expectInvariants(bff, s.user.uid);
  });

  it('two removes in parallel of different keys both take effect', async () => {
    const s = await subscribed(3);
    const [k1, k2] = await licenses(s.user);
    const [r1, r2] = await Promise.all([remove(s, [String(k1?.key)]), remove(s, [String(k2?.key)])]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(await quantityOf(s.subscriptionId)).toBe(1);
    expect(renewing(await licenses(s.user))).toHaveLength(1);
    await expectInvariants(bff, s.user.uid);
  });
});

describe('idempotency keys', () => {
  it('a double click with one key adds once, charges once, and answers both clicks alike', async () => {
    const s = await subscribed(1);
    const key = newKey();
    const [a, b] = await Promise.all([add(s, 2, key), add(s, 2, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    const paid = await bff.stripe.invoices.list({ customer: s.customerId, status: 'paid' });
    expect(paid.data).toHaveLength(2);
    // Later, the same key answers the first result again without a new charge.
    const again = await add(s, 2, key);
    expect(again.body).toEqual(a.body);
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    await expectInvariants(bff, s.user.uid);
  });

  it('the same key with another request is refused with 422', async () => {
    const s = await subscribed(1);
    const key = newKey();
    expect((await add(s, 1, key)).status).toBe(200);
    const other = await add(s, 2, key);
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    await expectInvariants(bff, s.user.uid);
  });

  it('a retry after Stripe acted but its answer was lost charges once', async () => {
    const s = await subscribed(1);
    // Every attempt the SDK makes on this subscription's update is carried out and its answer lost.
    const fault = await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: `^/v1/subscriptions/${s.subscriptionId}$`, times: 3 }),
    });
    expect(fault.status).toBe(200);
    const key = newKey();
    const failed = await add(s, 2, key);
    expect(failed.status).toBe(500);
    expect(await quantityOf(s.subscriptionId)).toBe(3); // Stripe did act
    const retried = await add(s, 2, key);
    expect(retried.status).toBe(200);
    expect(retried.body.quantity).toBe(3);
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    const paid = await bff.stripe.invoices.list({ customer: s.customerId, status: 'paid' });
    expect(paid.data).toHaveLength(2);
    expect(renewing(await licenses(s.user))).toHaveLength(3);
    await expectInvariants(bff, s.user.uid);
  });

  it('a remove retried after a lost answer lowers once', async () => {
    const s = await subscribed(3);
    const [k1] = await licenses(s.user);
    await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: `^/v1/subscriptions/${s.subscriptionId}$`, times: 3 }),
    });
    const key = newKey();
    expect((await remove(s, [String(k1?.key)], key)).status).toBe(500);
    const retried = await remove(s, [String(k1?.key)], key);
    expect(retried.status).toBe(200);
    expect(retried.body.renewLicenseCount).toBe(2);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    await expectInvariants(bff, s.user.uid);
  });

  it('a remove whose lease outlived it answers BUSY to a retry, then resumes and succeeds', async () => {
    const s = await subscribed(2);
    const [k1] = await licenses(s.user);
    // The remove does its work, then every attempt to free the account's lease is throttled (the
    // SDK's retries included): the client gets a 500 and the lease stays until it expires.
    const rule = bff.iamGate.throttle({
      principal: 'remove-licenses',
      operations: ['UpdateItem'],
      bodyIncludes: ':zero',
      times: 3,
    });
    const key = newKey();
    try {
      expect((await remove(s, [String(k1?.key)], key)).status).toBe(500);
    } finally {
      bff.iamGate.clearThrottles();
    }
    expect(rule.times).toBe(0);
    expect(await quantityOf(s.subscriptionId)).toBe(1); // Stripe did act
    // The client retries with its key while the lease is still held: BUSY, which it retries again.
    const busy = await remove(s, [String(k1?.key)], key);
    expect(busy.status).toBe(409);
    expect(busy.body.error?.code).toBe('BUSY');
    await expireLease(s.user.uid); // as its 20 s expiry would
    const retried = await remove(s, [String(k1?.key)], key);
    expect(retried.status).toBe(200);
    expect(retried.body.renewLicenseCount).toBe(1);
    expect(await quantityOf(s.subscriptionId)).toBe(1);
    const after = await licenses(s.user);
    expect(renewing(after)).toHaveLength(1);
    expect(after.find((l) => l.key === k1?.key)?.expirationDate).not.toBe('NONE');
    await expectInvariants(bff, s.user.uid);
  });
});

/** What the BFF answers when Stripe keeps failing past the SDK's retries: its generic 500. */
function expectUnhandled(res: { status: number; body: { error?: { code: string } } }) {
  expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 500, code: 'INTERNAL' });
}

// Stripe stores a 500 given after execution began under the request's key and replays it to every
// retry with that key; whether the change happened is unknown to the caller.
describe('retries after Stripe answered a stored 500', () => {
  const storedFault = (subscriptionId: string, kind: string) =>
    fetch(`${bff.info.stripeApi}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, method: 'POST', path: `^/v1/subscriptions/${subscriptionId}$`, times: 1 }),
    });

  it.each([
    ['nothing changed', 'error-stored'],
    ['the change was made', 'error-after-change'],
  ])(
    'an add retried after a stored 500 (%s) while another tab added counts both: 4 +3 and +2 end at 9',
    async (_case, kind) => {
      const s = await subscribed(4);
      expect((await storedFault(s.subscriptionId, kind)).status).toBe(200);
      const key = newKey();
      expectUnhandled(await add(s, 3, key));
      const other = await add(s, 2);
      expect(other.status).toBe(200);
      const retried = await add(s, 3, key);
      expect(retried.status).toBe(200);
      expect(retried.body.quantity).toBe(9);
      expect(await quantityOf(s.subscriptionId)).toBe(9);
      // The first payment and one charge for each add.
      const paid = await bff.stripe.invoices.list({ customer: s.customerId, status: 'paid' });
      expect(paid.data).toHaveLength(3);
      expect(renewing(await licenses(s.user))).toHaveLength(9);
      // Retried once more, the action answers as before and changes nothing.
      const again = await add(s, 3, key);
      expect(again.status).toBe(200);
      expect(await quantityOf(s.subscriptionId)).toBe(9);
      await expectInvariants(bff, s.user.uid);
    },
  );

  it.each([
    ['the customer', 'error-stored', '^/v1/customers$'],
    ['the customer', 'error-after-change', '^/v1/customers$'],
    ['the subscription', 'error-stored', '^/v1/subscriptions$'],
    ['the subscription', 'error-after-change', '^/v1/subscriptions$'],
  ])(
    'a checkout retried after a stored 500 creating %s (%s) ends with one customer and one checkout',
    async (_what, kind, path) => {
      const user = await bff.newUser();
      const fault = await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind, method: 'POST', path, times: 1 }),
      });
      expect(fault.status).toBe(200);
      const checkout = (key: string) =>
        bff.call('POST', 'setup-checkout', {
          user,
          headers: { 'idempotency-key': key },
          body: { uid: user.uid, email: user.email, count: 2 },
        });
      const key = newKey();
      expectUnhandled(await checkout(key));
      const retried = await checkout(key);
      expect(retried.status).toBe(200);
      const customers = await bff.stripe.customers.list({ email: user.email, limit: 100 });
      expect(customers.data.map((c) => c.id)).toEqual([retried.body.customerId]);
      const subs = await bff.stripe.subscriptions.list({ customer: String(retried.body.customerId) });
      expect(subs.data.map((s) => [s.id, s.status])).toEqual([[retried.body.subscriptionId, 'incomplete']]);
      // The checkout is payable, and paying it gives the account its licenses.
      const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(String(retried.body.sec)), {
        payment_method: 'pm_card_visa',
      });
      const pmid = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
      const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
      expect(done.status).toBe(200);
      expect(renewing(await licenses(user))).toHaveLength(2);
      await expectInvariants(bff, user.uid);
    },
  );

  it.each([
    ['nothing changed', 'error-stored'],
    ['the change was made', 'error-after-change'],
  ])(
    "a remove retried after a stored 500 (%s) while another tab added keeps that tab's licenses renewing",
    async (_case, kind) => {
      const s = await subscribed(3);
      const [k1] = await licenses(s.user);
      expect((await storedFault(s.subscriptionId, kind)).status).toBe(200);
      const key = newKey();
      expectUnhandled(await remove(s, [String(k1?.key)], key));
      expect((await add(s, 2)).status).toBe(200);
      const retried = await remove(s, [String(k1?.key)], key);
      expect(retried.status).toBe(200);
      // 3 - 1 + 2 renew; the removed one runs to the end of the period.
      expect(retried.body.renewLicenseCount).toBe(4);
      expect(await quantityOf(s.subscriptionId)).toBe(4);
      const after = await licenses(s.user);
      expect(renewing(after)).toHaveLength(4);
      expect(after.find((l) => l.key === k1?.key)?.expirationDate).not.toBe('NONE');
      await expectInvariants(bff, s.user.uid);
    },
  );

  it('an add whose answers were all lost, a remove, then the add retried: the paid license renews', async () => {
    const s = await subscribed(2);
    const [k1] = await licenses(s.user);
    // Every attempt of the add is carried out by Stripe and its answer lost.
    await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: `^/v1/subscriptions/${s.subscriptionId}$`, times: 3 }),
    });
    const addKey = newKey();
    expectUnhandled(await add(s, 1, addKey));
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    const removed = await remove(s, [String(k1?.key)]);
    expect(removed.status).toBe(200);
    expect(removed.body.renewLicenseCount).toBe(2);
    const retried = await add(s, 1, addKey);
    expect(retried.status).toBe(200);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    // Paid this period: 2 + 1; renewing: the other original and the added one.
    const after = await licenses(s.user);
    expect(after).toHaveLength(3);
    expect(renewing(after)).toHaveLength(2);
    await expectInvariants(bff, s.user.uid);
  });
});

describe('two tabs', () => {
  it('two checkouts in parallel with different counts leave one subscription awaiting payment', async () => {
    const user = await bff.newUser();
    const setups = await Promise.all(
      [1, 2].map((count) =>
        bff.call('POST', 'setup-checkout', {
          user,
          headers: { 'idempotency-key': newKey() },
          body: { uid: user.uid, email: user.email, count },
        }),
      ),
    );
    for (const s of setups) expect(s.status).toBe(200);
    const customer = String(setups[0]?.body.customerId);
    const subs = await bff.stripe.subscriptions.list({ customer, status: 'all' });
    expect(subs.data.filter((s) => s.status === 'incomplete')).toHaveLength(1);
    await expectInvariants(bff, user.uid);
  });
});
