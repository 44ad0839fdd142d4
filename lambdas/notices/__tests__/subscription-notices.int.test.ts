import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../../dev/outbox';
import { advanceStripeClock, licensesOf, subscribe, useFailingCard } from '../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../__tests__/support/bff';
import { deliveries, type Deliveries } from './webhook-deliveries';

// The notices about a subscription: a failed renewal (with the next try and the way back), the
// cancellation confirmed with the date service ends, the end. Each once per fact however often and in
// whatever order the events arrive: this stack's Stripe delivers no webhook by itself; the test does.

let bff: Bff;
let events: Deliveries;
beforeAll(async () => {
  bff = await startBff({ webhooks: false });
  events = deliveries(bff);
});
afterAll(() => bff?.stop());

const DAY = 24 * 3600;

/** Delivers each of the customer's new events twice, newest first, then again as new event ids. */
async function deliverScrambled(customerId: string) {
  for (const e of (await events.next(customerId)).reverse()) {
    expect(await events.deliver(e)).toBe(200);
    expect(await events.deliver(e)).toBe(200);
    expect(await events.deliver(e, `${e.id}_again`)).toBe(200);
  }
}

const mailsTo = async (user: User, subject: string) =>
  (await readOutbox(bff.outboxDir, user.email)).filter((m) => m.subject.startsWith(subject)).reverse();

const day = (epoch: number) =>
  new Date(epoch * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

it('tells of each failed renewal attempt once, with the next try and the update-card link, and sends no stale one after the card pays', async () => {
  const { user, customerId, subscriptionId } = await subscribe(bff, 1);
  await useFailingCard(bff, user, subscriptionId);
  const renewsAt =
    (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.current_period_end ?? 0;
  await advanceStripeClock(bff, renewsAt - Math.floor(Date.now() / 1000) + 3600);
  await deliverScrambled(customerId);

  const failed = await mailsTo(user, 'Your Stockbench renewal payment failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]?.text).toContain(`Paid until: ${day(renewsAt)}`);
  const invoice = (await bff.stripe.invoices.list({ subscription: subscriptionId, status: 'open' })).data[0];
  expect(invoice?.next_payment_attempt).toBeGreaterThan(renewsAt);
  for (const part of [failed[0]?.text ?? '', failed[0]?.html ?? '']) {
    expect(part).toContain('$15.00');
    expect(part).toContain(day(renewsAt));
    expect(part).toContain(`again on ${day(invoice?.next_payment_attempt ?? 0)}`);
    expect(part).toContain(`/update-card?sid=${subscriptionId}`);
  }

  // Stripe tries again 3 days later and fails again: a second notice, for that attempt.
  await advanceStripeClock(bff, 3 * DAY);
  await deliverScrambled(customerId);
  expect(await mailsTo(user, 'Your Stockbench renewal payment failed')).toHaveLength(2);

  // A good card pays the open invoice: a receipt; an old failure delivered again afterwards sends nothing.
  const good = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
  const fixed = await bff.call('PUT', 'update-card', {
    user,
    headers: { 'idempotency-key': randomUUID() },
    body: { subscriptionId, paymentMethodId: good.id },
  });
  expect(fixed.status).toBe(200);
  const all = await events.next(customerId);
  const oldFailure = (await bff.stripe.events.list({ type: 'invoice.payment_failed', limit: 100 })).data.find(
    (e) => (e.data.object as { customer?: string }).customer === customerId,
  );
  for (const e of all.reverse()) expect(await events.deliver(e)).toBe(200);
  expect(oldFailure && (await events.deliver(oldFailure, `${oldFailure.id}_late`))).toBe(200);
  expect(await mailsTo(user, 'Your Stockbench renewal payment failed')).toHaveLength(2);
  const receipts = await mailsTo(user, 'Your Stockbench receipt');
  expect(receipts.map((m) => m.subject)).toEqual([
    'Your Stockbench receipt: $15.00',
    'Your Stockbench receipt: $15.00',
  ]);
  expect(receipts[1]?.text).toContain('Renewal of 1 license');
});

it('confirms a cancellation once with the date service ends, again for a new one, and tells of the end once', async () => {
  const { user, customerId, subscriptionId } = await subscribe(bff, 2);
  const keys = await licensesOf(bff, user);
  const endsAt =
    (await bff.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.current_period_end ?? 0;
  for (const license of keys) {
    const removed = await bff.call('PUT', 'remove-licenses', {
      user,
      headers: { 'idempotency-key': randomUUID() },
      body: { customerId, subscriptionId, licenseKeys: [license.key] },
    });
    expect(removed.status).toBe(200);
  }
  await deliverScrambled(customerId);
  const cancelled = await mailsTo(user, 'Your Stockbench subscription ends on');
  expect(cancelled.map((m) => m.subject)).toEqual([`Your Stockbench subscription ends on ${day(endsAt)}`]);
  expect(cancelled[0]?.text).toContain('your 2 licenses keep working until the end of the period');
  expect(cancelled[0]?.text).toContain(`Service ends: ${day(endsAt)}`);

  // Renewing again, then cancelled again later: a second confirmation.
  const resumed = await bff.call('PUT', 'resume-subscription', {
    user,
    headers: { 'idempotency-key': randomUUID() },
    body: { customerId, subscriptionId },
  });
  expect(resumed.status).toBe(200);
  await advanceStripeClock(bff, 60);
  for (const license of await licensesOf(bff, user)) {
    await bff.call('PUT', 'remove-licenses', {
      user,
      headers: { 'idempotency-key': randomUUID() },
      body: { customerId, subscriptionId, licenseKeys: [license.key] },
    });
  }
  await deliverScrambled(customerId);
  expect(await mailsTo(user, 'Your Stockbench subscription ends on')).toHaveLength(2);

  // The period ends: the subscription ends; told once, and a cancellation delivered late says nothing more.
  await advanceStripeClock(bff, endsAt - Math.floor(Date.now() / 1000) + 3600);
  const after = await events.next(customerId);
  for (const e of after.reverse()) expect(await events.deliver(e)).toBe(200);
  const ended = await mailsTo(user, 'Your Stockbench subscription has ended');
  expect(ended).toHaveLength(1);
  expect(ended[0]?.text).toContain(`ended on ${day(endsAt)}, as you asked`);
  const lateCancel = (
    await bff.stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })
  ).data.find((e) => (e.data.object as { id?: string }).id === subscriptionId);
  expect(lateCancel && (await events.deliver(lateCancel, `${lateCancel.id}_late`))).toBe(200);
  expect(await mailsTo(user, 'Your Stockbench subscription has ended')).toHaveLength(1);
  expect(await mailsTo(user, 'Your Stockbench subscription ends on')).toHaveLength(2);
});
