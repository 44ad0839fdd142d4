import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoDbClient } from '../../../dev/dynamodb';
import type { IamDecision } from '../../../dev/iam/gate';
import { readOutbox } from '../../../dev/outbox';
import { paymentIntentOf, startBff, type Bff, type User } from '../../__tests__/support/bff';
import { newMonthlyPrice, runPriceChange } from '../../__tests__/support/price-change';
import type { SyncReport } from '../sync-subscriptions';

// Pages read the subscription from our records. A change made in Stripe whose webhook never arrives
// (this stack's Stripe delivers none) is healed by the scheduled sync once the records are a day old,
// not by viewing the page; the sync runs with its own role's keys, and uses exactly its grants.

const JOB = 'sync-subscriptions';
let bff: Bff;
const decisions: IamDecision[] = [];

beforeAll(async () => {
  bff = await startBff({ webhooks: false });
  bff.iamGate.onDecision((d) => decisions.push(d));
});
afterAll(() => bff?.stop());

async function subscribe(user: User, count: number) {
  const setup = await bff.call('POST', 'setup-checkout', {
    user,
    body: { uid: user.uid, email: user.email, count },
  });
  expect(setup.status).toBe(200);
  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(String(setup.body.sec)), {
    payment_method: 'pm_card_visa',
  });
  const pmid = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
  const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
  expect(done.status).toBe(200);
  return { customerId: String(setup.body.customerId), subscriptionId: String(setup.body.subscriptionId) };
}

const subscriptionOf = async (user: User) => {
  const res = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
  expect(res.status).toBe(200);
  return (res.body.subscriptions as Record<string, unknown>[])[0];
};
const keysOf = async (user: User) => {
  const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
  return (res.body.licenses as { key: string; expirationDate: string }[]).map((l) => l);
};

/** A day passes: the account's cached state was read from Stripe 25 hours ago. */
async function ageRecords(user: User) {
  const admin = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  try {
    await admin.send(
      new UpdateItemCommand({
        TableName: bff.info.tableName,
        Key: { pk: { S: `USER#${user.uid}` }, sk: { S: 'ACCOUNT' } },
        UpdateExpression: 'SET observedAt = :t',
        ExpressionAttributeValues: { ':t': { N: String(Date.now() - 25 * 3600_000) } },
      }),
    );
  } finally {
    admin.destroy();
  }
}

const sync = async () => (await bff.runJob(JOB)) as SyncReport;

it('heals a subscription changed in Stripe without a webhook, once its records are a day old', async () => {
  const user = await bff.newUser();
  const { customerId, subscriptionId } = await subscribe(user, 2);
  expect(await subscriptionOf(user)).toMatchObject({
    id: subscriptionId,
    status: 'active',
    renewLicenseCount: 2,
    activeLicenseCount: 2,
    cardBrand: 'visa',
    cardLast4: '4242',
    clientSecret: null,
  });

  // In Stripe (the dashboard, say): a third license and a new card; no webhook arrives.
  const card = await bff.stripe.paymentMethods.attach('pm_card_mastercard', { customer: customerId });
  const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
  await bff.stripe.subscriptions.update(subscriptionId, {
    items: [{ id: sub.items.data[0]?.id, quantity: 3 }],
    proration_behavior: 'none',
    default_payment_method: card.id,
  });

  // The page shows our records, which do not know yet; records a few minutes old are left alone.
  expect(await subscriptionOf(user)).toMatchObject({ renewLicenseCount: 2, cardBrand: 'visa' });
  expect(await sync()).toMatchObject({ stale: 0, synced: 0, failed: 0 });
  expect(await keysOf(user)).toHaveLength(2);

  await ageRecords(user);
  expect(await sync()).toEqual({ stale: 1, synced: 1, busy: 0, missing: 0, failed: 0 });
  expect(await subscriptionOf(user)).toMatchObject({
    status: 'active',
    renewLicenseCount: 3,
    activeLicenseCount: 3,
    cardBrand: 'mastercard',
    cardLast4: '4444',
  });
  expect(await keysOf(user)).toHaveLength(3);

  // Set to end in Stripe, again without a webhook: the person given a license is told it ends.
  const holder = await bff.newUser();
  const [given] = await keysOf(user);
  const assigned = await bff.call('PUT', 'assign-license', {
    user,
    body: { customerId, subscriptionId, licenseKey: given?.key, email: holder.email },
  });
  expect(assigned.status).toBe(200);
  await bff.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  await ageRecords(user);
  expect(await sync()).toMatchObject({ stale: 1, synced: 1, failed: 0 });
  expect(await subscriptionOf(user)).toMatchObject({ cancelAtPeriodEnd: true, renewLicenseCount: 0 });
  expect((await keysOf(user)).every((l) => l.expirationDate !== 'NONE')).toBe(true);
  expect((await readOutbox(bff.outboxDir, holder.email)).map((m) => m.subject)).toEqual(
    expect.arrayContaining([expect.stringContaining('will end')]),
  );

  // Its role allowed every call it made, and it used every grant it has.
  const mine = decisions.filter((d) => d.principal === JOB);
  expect(mine.filter((d) => !d.allowed)).toEqual([]);
  const principal = bff.iamGate.principals().find((p) => p.name === JOB);
  const grants = (principal?.statements ?? []).flatMap((s) =>
    s.actions.flatMap((action) => s.resources.map((resource) => ({ action, resource }))),
  );
  expect(grants.length).toBeGreaterThan(0);
  const unused = grants.filter(
    (g) => !mine.some((d) => d.action.toLowerCase() === g.action.toLowerCase() && d.resource === g.resource),
  );
  expect(unused).toEqual([]);
});

it('leaves the page showing the subscription as Stripe has it after every action, with no webhook', async () => {
  const user = await bff.newUser();
  const { customerId, subscriptionId } = await subscribe(user, 2);
  const ids = { customerId, subscriptionId };
  /** What the licenses page shows of the subscription, read from Stripe itself. */
  const inStripe = async () => {
    const sub = await bff.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['default_payment_method'],
    });
    const pm = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
    return {
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      cardBrand: pm?.card?.brand ?? null,
      cardLast4: pm?.card?.last4 ?? null,
    };
  };
  const expectAsStripe = async () => {
    const shown = await subscriptionOf(user);
    expect(shown).toMatchObject(await inStripe());
    return shown;
  };
  const act = async (method: 'PUT' | 'POST', route: string, body: Record<string, unknown>) => {
    const res = await bff.call(method, route, { user, body });
    expect([route, res.status]).toEqual([route, 200]);
  };

  await expectAsStripe();
  await act('PUT', 'add-licenses', { ...ids, count: 1 });
  await expectAsStripe();
  await act('PUT', 'cancel-subscription', ids);
  expect(await expectAsStripe()).toMatchObject({ cancelAtPeriodEnd: true });
  await act('PUT', 'resume-subscription', ids);
  expect(await expectAsStripe()).toMatchObject({ cancelAtPeriodEnd: false });
  // The refund ends the subscription at once: the page says a paid subscription ended (its card is
  // what tells it from a checkout the user cancelled), not only once Stripe's event arrives.
  await act('POST', 'request-refund', ids);
  expect(await expectAsStripe()).toMatchObject({ status: 'canceled', cardLast4: '4242' });
});

it("shows a coming price change as soon as the operator's script has mailed it, with no webhook", async () => {
  const user = await bff.newUser();
  const { subscriptionId } = await subscribe(user, 1);
  const clock = (await (await fetch(`${bff.info.stripeApi}/_emulator/clock`)).json()) as { now: number };
  const effective = new Date((clock.now + 31 * 86400) * 1000).toISOString().slice(0, 10);
  const run = await runPriceChange(bff, await newMonthlyPrice(bff, 2500), effective);
  expect(run.code).toBe(0);
  const mails = await readOutbox(bff.outboxDir, user.email);
  expect(mails.map((m) => m.subject)).toContainEqual(
    expect.stringMatching(/^Stockbench licenses cost \$25\.00/),
  );
  // The mail's link leads to the licenses page: it says the same as the mail.
  const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
  const appliesAt = Number(/^\S+ (\d+) /.exec(sub.metadata?.stockbench_price_change ?? '')?.[1]);
  expect(await subscriptionOf(user)).toMatchObject({
    priceChange: { unitAmount: 2500, currency: 'usd', appliesAt },
  });
});
