import { randomUUID } from 'node:crypto';
import { readOutbox, type OutboxMessage } from '../../../dev/outbox';
import { licensesOf, subscribe, type Subscribed } from '../../__tests__/support/accounts';
import { eventually, startBff, type Bff } from '../../__tests__/support/bff';

// Keep Renewing, for the whole subscription (resume-subscription) or one license (renew-licenses): the
// person given a license who was told it would end is told it continues, once; the buyer gets a
// confirmation with the next renewal's charge and date. This stack's Stripe delivers its webhooks.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const mailsTo = async (to: string, subject: string): Promise<OutboxMessage[]> =>
  (await readOutbox(bff.outboxDir, to)).filter((m) => m.subject.startsWith(subject));

const arrived = (to: string, subject: string, count = 1) =>
  eventually(async () => {
    const mails = await mailsTo(to, subject);
    return mails.length >= count ? mails : undefined;
  });

const change = async (s: Subscribed, route: string, body: Record<string, unknown> = {}) => {
  const res = await bff.call('PUT', route, {
    user: s.user,
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, ...body },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status).toBe(200);
};

/** "December 5, 2026" for the end of the subscription's current period, as the mails write it. */
const periodEnd = async (s: Subscribed): Promise<string> => {
  const sub = await bff.stripe.subscriptions.retrieve(s.subscriptionId);
  return new Date((sub.items.data[0]?.current_period_end ?? 0) * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
};

async function withHolder(count: number) {
  const s = await subscribe(bff, count);
  const keys = (await licensesOf(bff, s.user)).map((l) => l.key);
  const person = await bff.newUser();
  await change(s, 'assign-license', { licenseKey: keys[0], email: person.email });
  return { s, keys, person };
}

it('resumed: the holder told it ends hears it continues, and the buyer gets the next charge and date', async () => {
  const { s, keys, person } = await withHolder(2);
  await change(s, 'remove-licenses', { licenseKeys: keys });
  await arrived(person.email, 'Your Stockbench license will end');

  await change(s, 'resume-subscription');
  const [continues] = await arrived(person.email, 'Your Stockbench license continues');
  expect(continues?.text).toContain(`the Stockbench license ${keys[0]} you hold no longer ends`);
  expect(continues?.text).toContain(`${s.user.email} keeps renewing it`);
  const [confirmation, ...more] = await mailsTo(s.user.email, 'Your Stockbench licenses keep renewing');
  expect(more).toEqual([]);
  const text = confirmation?.text.replace(/\s+/g, ' ');
  expect(text).toContain('2 licenses that were set to end renew every month again');
  expect(text).toContain('Next charge: $30.00');
  expect(text).toContain(`On: ${await periodEnd(s)}`);

  // Stripe's event of the change reaches the webhook: nobody is told twice. Removed again, the holder
  // is told again that it ends.
  await change(s, 'remove-licenses', { licenseKeys: [keys[0]] });
  await arrived(person.email, 'Your Stockbench license will end', 2);
  expect(await mailsTo(person.email, 'Your Stockbench license continues')).toHaveLength(1);
});

it('one license renewed again: its holder hears it continues, and the buyer gets the next charge', async () => {
  const { s, keys, person } = await withHolder(2);
  await change(s, 'remove-licenses', { licenseKeys: [keys[0]] });
  await arrived(person.email, 'Your Stockbench license will end');

  await change(s, 'renew-licenses', { licenseKeys: [keys[0]] });
  const [continues] = await arrived(person.email, 'Your Stockbench license continues');
  expect(continues?.text).toContain(keys[0]);
  const [confirmation] = await mailsTo(s.user.email, 'Your Stockbench license keeps renewing');
  const text = confirmation?.text.replace(/\s+/g, ' ');
  expect(text).toContain('1 license that was set to end renews every month again');
  expect(text).toContain('Next charge: $30.00');
  expect(text).toContain(`On: ${await periodEnd(s)}`);
  expect(text).toContain('For: 2 licenses renewing');
});
