import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../dev/outbox';
import { assignLicense } from '../endpoints/assign-license/contract';
import { getLicenses } from '../endpoints/get-licenses/contract';
import { setupCheckout } from '../endpoints/setup-checkout/contract';
import { takeBackLicense } from '../endpoints/take-back-license/contract';
import { updateEmail } from '../endpoints/update-email/contract';
import { CHECKOUTS_PER_HOUR } from '../lib/checkout-limit';
import { RECIPIENT_MAILS_PER_DAY, SENDER_MAILS_PER_DAY } from '../lib/mail-limits';
import { dayWindow, hourWindow, type QuotaWindow } from '../lib/quota-window';
import { subscribe, type Subscribed } from './support/accounts';
import { startBff, type Bff } from './support/bff';

// The limits on what one account or one address can be made to do,
// through the local API server against the emulators: the daily mail limits of assign-license and
// take-back-license per acting account and per receiving address, counted once per action however
// often it is retried, and setup-checkout's new checkouts per account and hour.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

/**
 * Limits count in fixed UTC windows: a test that must stay inside one window starts with more than a
 * minute of it left (it waits for the next window otherwise), so it never straddles midnight or the hour.
 */
async function roomIn(window: () => QuotaWindow): Promise<void> {
  const left = window().endsAt - Date.now();
  if (left < 60_000) await sleep(left + 1000);
}

const keysOf = async (buyer: Subscribed) =>
  (
    (await bff.send(getLicenses, { user: buyer.user, query: { uid: buyer.user.uid } })).answer?.licenses ?? []
  ).map((l) => l.key);

const assign = (buyer: Subscribed, licenseKey: string, email: string, key: string = randomUUID()) =>
  bff.send(assignLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey, email },
    headers: { 'idempotency-key': key },
  });

const takeBack = (buyer: Subscribed, licenseKey: string, key: string = randomUUID()) =>
  bff.send(takeBackLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey },
    headers: { 'idempotency-key': key },
  });

const assigneeOf = async (buyer: Subscribed, key: string) =>
  (await bff.send(getLicenses, { user: buyer.user, query: { uid: buyer.user.uid } })).answer?.licenses.find(
    (l) => l.key === key,
  )?.assignee;

const address = () => `someone-${randomUUID().slice(0, 8)}@example.com`;

describe('mails sent because another person acted', () => {
  it('one address gets at most its daily limit, whoever acts; a retried action counts once', async () => {
    await roomIn(dayWindow);
    const [a, b] = await Promise.all([subscribe(bff, 1), subscribe(bff, 1)]);
    const [keyA] = await keysOf(a);
    const [keyB] = await keysOf(b);
    const victim = address();
    const setFault = (failing: boolean) =>
      fetch(`${bff.info.ses}/_twin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: victim, failing }),
      });

    // Mail 1, through a failure: the retry with the same Idempotency-Key is the same action.
    await setFault(true);
    expect((await assign(a, keyA ?? '', victim, 'limits-retried-1')).status).toBe(500);
    await setFault(false);
    expect((await assign(a, keyA ?? '', victim, 'limits-retried-1')).status).toBe(200);
    // Mails 2 to 5, from two accounts.
    expect((await takeBack(a, keyA ?? '')).status).toBe(200);
    expect((await assign(a, keyA ?? '', victim)).status).toBe(200);
    expect((await assign(b, keyB ?? '', victim)).status).toBe(200);
    expect((await takeBack(b, keyB ?? '')).status).toBe(200);
    expect(await readOutbox(bff.outboxDir, victim)).toHaveLength(RECIPIENT_MAILS_PER_DAY);

    // A sixth, by either account, is refused whole: nothing changes and nothing is sent.
    const refused = await assign(b, keyB ?? '', victim);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({
      code: 'MAIL_LIMIT',
      message: expect.stringMatching(
        new RegExp(`^${victim} has received today's limit of ${RECIPIENT_MAILS_PER_DAY} license emails`),
      ) as unknown,
    });
    expect(await assigneeOf(b, keyB ?? '')).toBeNull();
    const takenBack = await takeBack(a, keyA ?? '');
    expect(takenBack.status).toBe(429);
    expect(takenBack.error?.code).toBe('MAIL_LIMIT');
    expect(await assigneeOf(a, keyA ?? '')).toBe(victim);
    expect(await readOutbox(bff.outboxDir, victim)).toHaveLength(RECIPIENT_MAILS_PER_DAY);
    // The same inbox under a +tag, in capitals: the same mailbox, refused too.
    const tagged = victim.replace('@', '+again@').toUpperCase();
    expect((await assign(b, keyB ?? '', tagged)).error?.code).toBe('MAIL_LIMIT');
    expect(await readOutbox(bff.outboxDir, tagged)).toHaveLength(0);

    // Another address is not affected by this one's limit.
    expect((await assign(b, keyB ?? '', address())).status).toBe(200);

    // Changing one's address to it makes Cognito mail it a code: refused too, and nothing changes.
    const mover = await bff.newUser();
    const moved = await bff.send(updateEmail, {
      user: mover,
      body: {
        uid: mover.uid,
        oldEmail: mover.email,
        newEmail: victim,
        currentPassword: mover.password,
      },
    });
    expect(moved.status).toBe(429);
    expect(moved.error?.code).toBe('MAIL_LIMIT');
    expect((await bff.signIn(mover.email, mover.password)).uid).toBe(mover.uid);
    expect(await readOutbox(bff.outboxDir, mover.email)).toHaveLength(0);
  });

  it('one account causes at most its daily limit of mails, take-back and reassignment included', async () => {
    await roomIn(dayWindow);
    const buyer = await subscribe(bff, 5);
    const keys = (await keysOf(buyer)).map((k) => k ?? '');
    const people: string[] = [];
    const give = async (key: string) => {
      const to = address();
      people.push(to);
      return assign(buyer, key, to);
    };
    // A license's first holder costs 1 mail, each reassignment 2 (the new holder and the former one).
    // They are spread over the five licenses so that none changes hands more than 4 times in 30 days
    // (a limit of its own): what stops the last one here is the mail limit alone.
    let sent = 0;
    for (const key of keys) {
      expect((await give(key)).status).toBe(200);
      sent += 1;
    }
    for (let i = 0; sent + 2 <= SENDER_MAILS_PER_DAY; i += 1) {
      expect((await give(keys[i % keys.length] ?? '')).status).toBe(200);
      sent += 2;
    }
    if (sent < SENDER_MAILS_PER_DAY) {
      expect((await takeBack(buyer, keys[4] ?? '')).status).toBe(200);
      sent += 1;
    }
    expect(sent).toBe(SENDER_MAILS_PER_DAY);
    // Changed hands twice so far: a fifth change would still be within its own limit.
    const key = keys[3] ?? '';
    const before = await assigneeOf(buyer, key);

    const refused = await give(key);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({
      code: 'MAIL_LIMIT',
      message: expect.stringContaining(
        `You have reached today's limit of ${SENDER_MAILS_PER_DAY} license emails`,
      ) as unknown,
    });
    expect(await assigneeOf(buyer, key)).toBe(before);
    expect(await readOutbox(bff.outboxDir, people.at(-1) ?? '')).toHaveLength(0);
    const mails = await Promise.all(people.map((to) => readOutbox(bff.outboxDir, to)));
    expect(mails.flat()).toHaveLength(SENDER_MAILS_PER_DAY);
  });
});

describe('setup-checkout', () => {
  it(`starts at most ${CHECKOUTS_PER_HOUR} new checkouts per account and hour; the pending one stays payable`, async () => {
    await roomIn(hourWindow);
    const user = await bff.newUser();
    const start = (count: number, key: string = randomUUID()) =>
      bff.send(setupCheckout, {
        user,
        body: { uid: user.uid, email: user.email, count },
        headers: { 'idempotency-key': key },
      });
    // Each change of the count ends the pending checkout and starts a new one.
    let last = '';
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
      last = `limits-checkout-${i}`;
      const res = await start(1 + (i % 2), last);
      expect(res.status).toBe(200);
    }
    const lastCount = 1 + ((CHECKOUTS_PER_HOUR - 1) % 2);
    // A retry of the last one is the same action: answered again, not counted.
    expect((await start(lastCount, last)).status).toBe(200);

    const refused = await start(lastCount === 1 ? 2 : 1);
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({
      code: 'CHECKOUT_LIMIT',
      message: expect.stringMatching(
        new RegExp(`^You have started ${CHECKOUTS_PER_HOUR} checkouts within the hour, the most we allow`),
      ) as unknown,
    });
    // The checkout already started can still be paid: asking for it again reuses it.
    const again = await start(lastCount);
    expect(again.status).toBe(200);
    expect(again.answer?.count).toBe(lastCount);

    // Another account has its own limit.
    const other = await bff.newUser();
    const res = await bff.send(setupCheckout, {
      user: other,
      body: { uid: other.uid, email: other.email, count: 1 },
    });
    expect(res.status).toBe(200);
  });
});
