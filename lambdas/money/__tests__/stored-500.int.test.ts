import { randomUUID } from 'node:crypto';
import { licensesOf, subscribe, type Subscribed } from '../../__tests__/support/accounts';
import { startBff, type Bff } from '../../__tests__/support/bff';
import { expectInvariants } from '../../__tests__/support/invariants';

// Stripe stores a 500 given after a request began under its idempotency key and answers it again to
// every request with that key for 24 hours. A user action retried with its Idempotency-Key, with
// nothing else changed in between, must not send that key again: each run has keys of its own
// (retry-keys.ts, `attempt`), and the change mark tells whether the failed run's change was made.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const storedFault = (subscriptionId: string, kind: string) =>
  fetch(`${bff.info.stripeApi}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, method: 'POST', path: `^/v1/subscriptions/${subscriptionId}$`, times: 1 }),
  });

const action = (s: Subscribed, route: string, key: string, body: Record<string, unknown>) =>
  bff.call('PUT', route, {
    user: s.user,
    headers: { 'idempotency-key': key },
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, ...body },
  });

const quantityOf = async (subscriptionId: string) =>
  (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity;

describe('a user action retried at once after Stripe stored a 500 for its request', () => {
  it.each([
    ['nothing changed', 'error-stored', 4],
    ['the change was made', 'error-after-change', 4],
  ])('add-licenses (%s) succeeds on the retry and charges once', async (_case, kind, expected) => {
    const s = await subscribe(bff, 2);
    expect((await storedFault(s.subscriptionId, kind)).status).toBe(200);
    const key = randomUUID();
    expect((await action(s, 'add-licenses', key, { count: 2 })).status).toBe(500);
    const retried = await action(s, 'add-licenses', key, { count: 2 });
    expect(retried.status).toBe(200);
    expect(retried.body.quantity).toBe(expected);
    expect(await quantityOf(s.subscriptionId)).toBe(expected);
    const paid = await bff.stripe.invoices.list({ customer: s.customerId, status: 'paid' });
    expect(paid.data).toHaveLength(2);
    await expectInvariants(bff, s.user.uid);
  });

  it.each([
    ['nothing changed', 'error-stored'],
    ['the change was made', 'error-after-change'],
  ])('remove-licenses (%s) succeeds on the retry and lowers once', async (_case, kind) => {
    const s = await subscribe(bff, 3);
    const [first] = await licensesOf(bff, s.user);
    expect((await storedFault(s.subscriptionId, kind)).status).toBe(200);
    const key = randomUUID();
    const body = { licenseKeys: [String(first?.key)] };
    expect((await action(s, 'remove-licenses', key, body)).status).toBe(500);
    const retried = await action(s, 'remove-licenses', key, body);
    expect(retried.status).toBe(200);
    expect(retried.body.renewLicenseCount).toBe(2);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    await expectInvariants(bff, s.user.uid);
  });
});
