import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDynamoDb } from '../../dev/dynamodb';
import { freePort } from '../../dev/ports';
import { resetConfig } from '../lib/config';
import {
  getAccount,
  saveCustomer,
  saveSubscription,
  type SubscriptionSnapshot,
} from '../lib/repository/accounts';
import { resetDb } from '../lib/repository/client';

// The cached copy of a subscription keeps the newest read from Stripe: a slow request that read an
// older state (a webhook's "past_due" just before a new card paid) cannot overwrite a newer one.

let stop: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'subscription-cache-'));

beforeAll(async () => {
  const tableName = 'cache-test';
  const db = await startDynamoDb({ path: dir, port: await freePort(), tableName });
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    // dynalite itself (no gate): this tests the repository, not a handler's grants.
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  resetConfig();
  resetDb();
  stop = db.stop;
});
afterAll(async () => {
  resetDb();
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const snapshot = (over: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
  subscriptionId: 'sub_1',
  subscriptionCreated: 1000,
  subscriptionStatus: 'active',
  quantity: 1,
  renewing: 1,
  cancelAtPeriodEnd: false,
  observedAt: 5000,
  ...over,
});

it('keeps the newer read of the same subscription and takes later ones', async () => {
  await saveCustomer('u1', 'cus_1', 'a@example.com');
  expect(
    await saveSubscription('u1', 'cus_1', snapshot({ observedAt: 5000, subscriptionStatus: 'active' })),
  ).toBe(true);
  expect(
    await saveSubscription('u1', 'cus_1', snapshot({ observedAt: 4000, subscriptionStatus: 'past_due' })),
  ).toBe(false);
  expect((await getAccount('u1'))?.subscriptionStatus).toBe('active');
  expect(
    await saveSubscription('u1', 'cus_1', snapshot({ observedAt: 6000, subscriptionStatus: 'past_due' })),
  ).toBe(true);
  expect((await getAccount('u1'))?.subscriptionStatus).toBe('past_due');
});

it('never lets an older subscription replace a newer one, nor recreates a deleted account', async () => {
  await saveCustomer('u2', 'cus_2', 'b@example.com');
  await saveSubscription('u2', 'cus_2', snapshot({ subscriptionId: 'sub_new', subscriptionCreated: 2000 }));
  expect(
    await saveSubscription(
      'u2',
      'cus_2',
      snapshot({ subscriptionId: 'sub_old', subscriptionCreated: 1000, observedAt: 9999 }),
    ),
  ).toBe(false);
  expect((await getAccount('u2'))?.subscriptionId).toBe('sub_new');
  expect(await saveSubscription('nobody', 'cus_x', snapshot({}))).toBe(false);
  expect(await getAccount('nobody')).toBeUndefined();
});

it('keeps a subscription in force (set to end or not) current over a newer one awaiting payment', async () => {
  await saveCustomer('u3', 'cus_3', 'c@example.com');
  const paid = snapshot({ subscriptionId: 'sub_paid', cancelAtPeriodEnd: true, renewing: 0 });
  await saveSubscription('u3', 'cus_3', paid);
  const pending = snapshot({
    subscriptionId: 'sub_pending',
    subscriptionCreated: 2000,
    subscriptionStatus: 'incomplete',
  });
  expect(await saveSubscription('u3', 'cus_3', pending)).toBe(false);
  expect((await getAccount('u3'))?.subscriptionId).toBe('sub_paid');
  // One that names the subscription it replaces takes over (setup-checkout after Stripe said it ended),
  // as does any newer one once the stored one has ended.
  expect(await saveSubscription('u3', 'cus_3', pending, 'sub_paid')).toBe(true);
  await saveSubscription('u3', 'cus_3', { ...paid, subscriptionCreated: 3000, observedAt: 7000 });
  await saveSubscription('u3', 'cus_3', {
    ...paid,
    subscriptionCreated: 3000,
    subscriptionStatus: 'canceled',
    observedAt: 8000,
  });
  const next = { ...pending, subscriptionId: 'sub_next', subscriptionCreated: 4000 };
  expect(await saveSubscription('u3', 'cus_3', next)).toBe(true);
  expect((await getAccount('u3'))?.subscriptionId).toBe('sub_next');
});
