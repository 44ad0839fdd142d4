import { readOutbox } from '../../../dev/outbox';
import type { IamDecision } from '../../../dev/iam/gate';
import { pay, startCheckout } from '../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../__tests__/support/bff';
import type { CardExpiryReport } from '../card-expiry-notices';

// The card-expiry notice (a job every 12 hours): a subscriber whose card expires before the next renewal is told once
// (per card), with the renewal's date and amount and the update-card link; a card that outlives the
// renewal, or a subscription that does not renew, gets nothing. Run with the job's own role's keys.

const JOB = 'card-expiry-notices';
let bff: Bff;
const decisions: IamDecision[] = [];

beforeAll(async () => {
  bff = await startBff();
  bff.iamGate.onDecision((d) => decisions.push(d));
});
afterAll(() => bff?.stop());

const run = async () => (await bff.runJob(JOB)) as CardExpiryReport;

async function emulatorNow(): Promise<Date> {
  const clock = (await (await fetch(`${bff.info.stripeApi}/_emulator/clock`)).json()) as { now: number };
  return new Date(clock.now * 1000);
}

/** A subscriber of `count` licenses paying with a Visa card that expires at the end of `expiry`. */
async function subscribedWithCard(count: number, expiry: Date) {
  const user = await bff.newUser();
  const { sec, customerId, subscriptionId } = await startCheckout(bff, user, count);
  const card = await bff.stripe.paymentMethods.create({
    type: 'card',
    card: {
      number: '4242424242424242',
      exp_month: expiry.getUTCMonth() + 1,
      exp_year: expiry.getUTCFullYear(),
      cvc: '123',
    },
  });
  const pmid = await pay(bff, sec, card.id);
  const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
  expect(done.status).toBe(200);
  return { user, customerId, subscriptionId };
}

const notices = async (user: User) =>
  (await readOutbox(bff.outboxDir, user.email)).filter((m) => m.subject.startsWith('Your card expires'));

it('tells a subscriber whose card expires before the renewal, once, and nobody else', async () => {
  const now = await emulatorNow();
  const expiring = await subscribedWithCard(2, now);
  const later = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 1));
  const lasting = await subscribedWithCard(1, later);
  const leaving = await subscribedWithCard(1, now);
  const [key] = (
    await bff.call('GET', 'get-licenses', { user: leaving.user, query: { uid: leaving.user.uid } })
  ).body.licenses as { key: string }[];
  const removed = await bff.call('PUT', 'remove-licenses', {
    user: leaving.user,
    body: { customerId: leaving.customerId, subscriptionId: leaving.subscriptionId, licenseKeys: [key?.key] },
  });
  expect(removed.status).toBe(200);

  expect(await run()).toEqual({ candidates: 1, sent: 1, failed: 0 });
  expect(await run()).toEqual({ candidates: 1, sent: 0, failed: 0 });

  const mails = await notices(expiring.user);
  expect(mails).toHaveLength(1);
  const renewsAt = (await bff.stripe.subscriptions.retrieve(expiring.subscriptionId)).items.data[0]
    ?.current_period_end;
  const renewal = new Date((renewsAt ?? 0) * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const expires = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;
  expect(mails[0]?.text).toContain(`Visa ending in 4242 expires at the end of ${expires}`);
  expect(mails[0]?.text).toContain(`renews on ${renewal}: 2 licenses, $30.00`);
  expect(mails[0]?.text).toContain(`/update-card?sid=${expiring.subscriptionId}`);
  expect(await notices(lasting.user)).toEqual([]);
  expect(await notices(leaving.user)).toEqual([]);

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
