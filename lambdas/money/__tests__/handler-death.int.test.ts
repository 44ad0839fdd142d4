import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { startApiServer } from '../../../dev/api-server';
import { handlerEnv, localHandlerCredentials, readLocalSecrets } from '../../../dev/local-stack';
import { freePort } from '../../../dev/ports';
import { idempotencySk, LEASE_SK, userPk } from '../../lib/repository/keys';
import { PARTITION_KEY, SORT_KEY } from '../../lib/table';
import { licensesOf, subscribe, type Subscribed } from '../../__tests__/support/accounts';
import { eventually, startBff, type Bff } from '../../__tests__/support/bff';
import { expectInvariants } from '../../__tests__/support/invariants';

// A handler that dies mid-run (its Lambda instance ends: here its worker thread is terminated) after
// it took the account's lease, or after Stripe made its change but before our records say so. The
// client's retry with the same Idempotency-Key waits for the dead run's lease to expire, takes over
// its user action, and converges with one charge (DESIGN.md, "Crash"). The runs go through an API
// server of the local stack's own kind (dev/api-server.ts: bundles, workers, IAM gate) whose handlers
// hold the lease for LEASE_MS instead of 20 s, so the expiry comes soon; the tests wait on state.

const LEASE_MS = 5_000;
/**
 * Long enough that the dying run is still waiting for Stripe's answer when it is killed, and shorter
 * than the SDK's 3 s timeout, so it waits instead of retrying.
 */
const STRIPE_LATENCY_MS = 2_500;

let bff: Bff;
let api: Awaited<ReturnType<typeof startApiServer>>;
let doc: DynamoDBDocument;

beforeAll(async () => {
  // No webhooks: nothing but the run under test takes the account's lease.
  bff = await startBff({ webhooks: false });
  const secrets = await readLocalSecrets(path.dirname(bff.outboxDir));
  const issuer = `${bff.info.cognitoEndpoint}/${bff.info.userPoolId}`;
  api = await startApiServer({
    port: await freePort(),
    jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, audience: bff.info.clientId },
    env: { ...handlerEnv(bff.info), ACCOUNT_LEASE_MS: String(LEASE_MS) },
    credentials: localHandlerCredentials(secrets),
  });
  doc = DynamoDBDocument.from(new DynamoDBClient({ region: bff.info.region, endpoint: bff.info.dynamodb }));
});
afterEach(() => setLatency(0));
afterAll(async () => {
  doc?.destroy();
  await api?.stop();
  await bff?.stop();
});

async function setLatency(ms: number) {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(res.status).toBe(200);
}

/** A user action sent to the short-lease API server, as the site sends it. */
async function send(s: Subscribed, route: string, key: string, body: Record<string, unknown>) {
  const ids =
    route === 'update-card'
      ? { subscriptionId: s.subscriptionId }
      : { customerId: s.customerId, subscriptionId: s.subscriptionId };
  const res = await fetch(`${api.url}/api/${route}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${s.user.token}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify({ ...ids, ...body }),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

const item = async (uid: string, sk: string) =>
  (
    await doc.get({
      TableName: bff.info.tableName,
      Key: { [PARTITION_KEY]: userPk(uid), [SORT_KEY]: sk },
      ConsistentRead: true,
    })
  ).Item;

/** The Stripe events about the subscription so far (the emulator's own log; never delayed). */
async function updatesOf(subscriptionId: string): Promise<number> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/events?type=customer.subscription.updated`);
  const list = (await res.json()) as { data: { object_id: string | null }[] };
  return list.data.filter((e) => e.object_id === subscriptionId).length;
}

/** The dying run's lease and user action, as it left them. */
async function leftBehind(uid: string, key: string) {
  const lease = await item(uid, LEASE_SK);
  const record = await item(uid, idempotencySk(key));
  return { leaseUntil: Number(lease?.leaseUntil), state: record?.state as string | undefined };
}

/** Sends the action, and kills its run once it holds the account's lease (it then waits for Stripe). */
async function killHoldingLease(s: Subscribed, route: string, key: string, body: Record<string, unknown>) {
  await setLatency(STRIPE_LATENCY_MS);
  const dying = send(s, route, key, body);
  await eventually(async () => {
    const left = await leftBehind(s.user.uid, key);
    return left.state === 'started' && left.leaseUntil > Date.now();
  });
  await api.recycle();
  expect((await dying).status).toBe(500);
  await setLatency(0);
  const left = await leftBehind(s.user.uid, key);
  expect(left.state).toBe('started');
  return left;
}

const quantityOf = async (subscriptionId: string) =>
  (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.quantity;
const paidInvoices = async (customerId: string) =>
  (await bff.stripe.invoices.list({ customer: customerId, status: 'paid' })).data.length;
const renewing = async (s: Subscribed) =>
  (await licensesOf(bff, s.user)).filter((l) => l.expirationDate === 'NONE').length;

describe('a handler killed mid-run', () => {
  it('add-licenses killed holding the lease, before Stripe: the retry waits for the lease to expire, takes the action over, and charges once', async () => {
    const s = await subscribe(bff, 2);
    const key = randomUUID();
    const left = await killHoldingLease(s, 'add-licenses', key, { count: 1 });
    expect(await quantityOf(s.subscriptionId)).toBe(2); // Stripe was never asked to change

    const retried = await send(s, 'add-licenses', key, { count: 1 });
    expect(retried.status).toBe(200);
    expect(retried.body.quantity).toBe(3);
    expect(Date.now()).toBeGreaterThanOrEqual(left.leaseUntil); // it could only run once the lease expired
    expect((await leftBehind(s.user.uid, key)).state).toBe('done');
    expect(await quantityOf(s.subscriptionId)).toBe(3);
    expect(await paidInvoices(s.customerId)).toBe(2); // the checkout and one proration
    expect(await renewing(s)).toBe(3);
    await expectInvariants(bff, s.user.uid);
  });

  it('add-licenses killed after Stripe made the change, before our records: the takeover reads its change mark and charges nothing more', async () => {
    const s = await subscribe(bff, 2);
    const key = randomUUID();
    const before = await updatesOf(s.subscriptionId);
    await setLatency(STRIPE_LATENCY_MS);
    const dying = send(s, 'add-licenses', key, { count: 2 });
    // Stripe made the change; its answer is on its way back, late.
    await eventually(async () => (await updatesOf(s.subscriptionId)) > before);
    await api.recycle();
    expect((await dying).status).toBe(500);
    await setLatency(0);
    const left = await leftBehind(s.user.uid, key);
    expect(left.state).toBe('started');
    expect(await quantityOf(s.subscriptionId)).toBe(4);
    expect(await renewing(s)).toBe(2); // the dead run provisioned nothing

    const retried = await send(s, 'add-licenses', key, { count: 2 });
    expect(retried.status).toBe(200);
    expect(retried.body.quantity).toBe(4);
    expect(Date.now()).toBeGreaterThanOrEqual(left.leaseUntil);
    expect(await quantityOf(s.subscriptionId)).toBe(4);
    expect(await paidInvoices(s.customerId)).toBe(2);
    expect(await renewing(s)).toBe(4);
    await expectInvariants(bff, s.user.uid);
  });

  it('remove-licenses killed after Stripe lowered the quantity, before dating the key: the takeover dates it and lowers nothing more', async () => {
    const s = await subscribe(bff, 3);
    const [first] = await licensesOf(bff, s.user);
    const key = randomUUID();
    const before = await updatesOf(s.subscriptionId);
    await setLatency(STRIPE_LATENCY_MS);
    const dying = send(s, 'remove-licenses', key, { licenseKeys: [String(first?.key)] });
    await eventually(async () => (await updatesOf(s.subscriptionId)) > before);
    await api.recycle();
    expect((await dying).status).toBe(500);
    await setLatency(0);
    const left = await leftBehind(s.user.uid, key);
    expect(left.state).toBe('started');
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    expect(await renewing(s)).toBe(3); // not dated yet

    const retried = await send(s, 'remove-licenses', key, { licenseKeys: [String(first?.key)] });
    expect(retried.status).toBe(200);
    expect(retried.body.renewLicenseCount).toBe(2);
    expect(Date.now()).toBeGreaterThanOrEqual(left.leaseUntil);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    const after = await licensesOf(bff, s.user);
    expect(after.find((l) => l.key === first?.key)?.expirationDate).not.toBe('NONE');
    expect(await renewing(s)).toBe(2);
    await expectInvariants(bff, s.user.uid);
  });

  it('remove-licenses killed holding the lease, before Stripe: the retry takes over after expiry and lowers once', async () => {
    const s = await subscribe(bff, 3);
    const [first] = await licensesOf(bff, s.user);
    const key = randomUUID();
    const body = { licenseKeys: [String(first?.key)] };
    const left = await killHoldingLease(s, 'remove-licenses', key, body);
    expect(await quantityOf(s.subscriptionId)).toBe(3);

    const retried = await send(s, 'remove-licenses', key, body);
    expect(retried.status).toBe(200);
    expect(retried.body.renewLicenseCount).toBe(2);
    expect(Date.now()).toBeGreaterThanOrEqual(left.leaseUntil);
    expect(await quantityOf(s.subscriptionId)).toBe(2);
    expect(await renewing(s)).toBe(2);
    await expectInvariants(bff, s.user.uid);
  });

  it('update-card killed holding the lease: the retry takes over after expiry and the card becomes the default', async () => {
    const s = await subscribe(bff, 1);
    const card = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    const key = randomUUID();
    const left = await killHoldingLease(s, 'update-card', key, { paymentMethodId: card.id });

    const retried = await send(s, 'update-card', key, { paymentMethodId: card.id });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'active', cardBrand: 'mastercard', paidInvoices: 0 });
    expect(Date.now()).toBeGreaterThanOrEqual(left.leaseUntil);
    const sub = await bff.stripe.subscriptions.retrieve(s.subscriptionId);
    const pm = await bff.stripe.paymentMethods.retrieve(String(sub.default_payment_method));
    expect(pm.card?.brand).toBe('mastercard');
    expect(await paidInvoices(s.customerId)).toBe(1);
    await expectInvariants(bff, s.user.uid);
  });
});
