import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readOutbox } from '../../../../dev/outbox';
import { assignLicense } from '../contract';
import { getHeldLicenses } from '../../get-held-licenses/contract';
import { getLicenses } from '../../get-licenses/contract';
import { removeLicenses } from '../../remove-licenses/contract';
import { takeBackLicense } from '../../take-back-license/contract';
import { validateLicense } from '../../validate-license/contract';
import { deleteCustomer } from '../../delete-customer/contract';
import {
  advanceStripeClock,
  subscribe,
  type Subscribed,
  useFailingCard,
} from '../../../__tests__/support/accounts';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { aMachine } from '../../../__tests__/support/machines';

// Licenses given to people (assign-license, take-back-license, get-held-licenses, validate-license by
// holder) through the local API server against the real emulators: who can use a key after each change,
// what each person is mailed, what the assignee sees, and everything another account tries.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

const keysOf = async (user: User) => {
  const res = await bff.send(getLicenses, { user, query: { uid: user.uid } });
  return res.answer?.licenses ?? [];
};

const assign = (buyer: Subscribed, licenseKey: string, email: string, key?: string) =>
  bff.send(assignLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey, email },
    headers: key ? { 'idempotency-key': key } : {},
  });

const takeBack = (buyer: Subscribed, licenseKey: string) =>
  bff.send(takeBackLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey },
  });

/** One installation of the application, used by every person of this file on their own license. */
const machine = aMachine();

const validate = async (user: User, key: string) =>
  (await bff.send(validateLicense, { user, body: { key, machine } })).answer;

const held = async (user: User) =>
  (await bff.send(getHeldLicenses, { user, query: { uid: user.uid } })).answer?.licenses;

/** The mails to `to` whose subject contains `subject`. */
const mailsTo = async (to: string, subject: string) =>
  (await readOutbox(bff.outboxDir, to)).filter((m) => m.subject.includes(subject));

describe('a license given to a person', () => {
  let buyer: Subscribed;
  let key: string;
  let first: User;
  let second: User;

  beforeAll(async () => {
    buyer = await subscribe(bff, 3);
    key = (await keysOf(buyer.user))[0]?.key ?? '';
    [first, second] = await Promise.all([bff.newUser(), bff.newUser()]);
  });

  it('works for the assignee only, who is mailed the key and how to start and sees who pays', async () => {
    // Addresses are taken in any case and kept in lower case.
    const res = await assign(buyer, key, first.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.answer?.license).toEqual({ key, expirationDate: 'NONE', assignee: first.email });
    expect((await keysOf(buyer.user)).find((l) => l.key === key)?.assignee).toBe(first.email);

    const [mail] = await mailsTo(first.email, 'A Stockbench license for you');
    expect(mail?.text).toContain(key);
    expect(mail?.text).toContain(buyer.user.email);
    expect(mail?.text).toContain(`/sign-up?email=${encodeURIComponent(first.email)}`);
    expect(mail?.html).toContain(key);

    expect(await validate(first, key)).toMatchObject({ valid: true, code: 'VALID', renews: true });
    expect(await validate(buyer.user, key)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await validate(second, key)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await held(first)).toEqual([
      { key, expirationDate: 'NONE', paidBy: buyer.user.email, subscriptionStatus: 'active', paidFor: true },
    ]);
    expect(await held(second)).toEqual([]);
    // The statement the application keeps offline is the assignee's.
    const token = (await validate(first, key))?.token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    expect(claims.sub).toBe(first.uid);
  });

  it('given to another person, stops working for the first, who is told', async () => {
    const res = await assign(buyer, key, second.email);
    expect(res.answer?.license.assignee).toBe(second.email);
    expect(await validate(first, key)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await validate(second, key)).toMatchObject({ valid: true });
    expect(await held(first)).toEqual([]);
    expect((await held(second))?.map((l) => l.key)).toEqual([key]);
    const [told] = await mailsTo(first.email, 'taken back');
    expect(told?.text).toContain(key);
    expect(await mailsTo(second.email, 'A Stockbench license for you')).toHaveLength(1);
  });

  it('taken back, works for the buyer again, and the assignee is told', async () => {
    const res = await takeBack(buyer, key);
    expect(res.answer?.license).toEqual({ key, expirationDate: 'NONE', assignee: null });
    expect(await validate(buyer.user, key)).toMatchObject({ valid: true });
    expect(await validate(second, key)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await held(second)).toEqual([]);
    expect(await mailsTo(second.email, 'taken back')).toHaveLength(1);
    // Taking back a license nobody holds changes nothing and tells no one.
    expect((await takeBack(buyer, key)).answer?.license.assignee).toBeNull();
    expect(await mailsTo(second.email, 'taken back')).toHaveLength(1);
  });
});

describe('what the buyer is refused', () => {
  let buyer: Subscribed;
  let keys: string[];

  beforeAll(async () => {
    buyer = await subscribe(bff, 2);
    keys = (await keysOf(buyer.user)).map((l) => l.key);
  });

  it('their own address, a malformed one, and a second license for the same person', async () => {
    const own = await assign(buyer, keys[0] ?? '', buyer.user.email);
    expect(own.status).toBe(400);
    expect(own.error?.code).toBe('ASSIGNEE_IS_YOU');
    const malformed = await assign(buyer, keys[0] ?? '', 'not an address');
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toBe('INVALID_REQUEST');

    const person = await bff.newUser();
    expect((await assign(buyer, keys[0] ?? '', person.email)).status).toBe(200);
    const twice = await assign(buyer, keys[1] ?? '', person.email);
    expect(twice.status).toBe(409);
    expect(twice.error?.code).toBe('ALREADY_HOLDS_LICENSE');
    expect((await keysOf(buyer.user)).find((l) => l.key === keys[1])?.assignee).toBeNull();
  });

  it('a double click assigns once and mails once; sending it again at once is refused', async () => {
    const person = await bff.newUser();
    const [a, b] = await Promise.all([
      assign(buyer, keys[1] ?? '', person.email, 'double-click-assign-1'),
      assign(buyer, keys[1] ?? '', person.email, 'double-click-assign-1'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(await mailsTo(person.email, 'A Stockbench license for you')).toHaveLength(1);
    // A retry with the same key is the same action: replayed, nothing sent again.
    expect((await assign(buyer, keys[1] ?? '', person.email, 'double-click-assign-1')).status).toBe(200);
    expect(await mailsTo(person.email, 'A Stockbench license for you')).toHaveLength(1);
    // Asked again at once (a new action): refused for a minute, so a buyer cannot flood an inbox.
    const soon = await assign(buyer, keys[1] ?? '', person.email, 'resend-assign-2');
    expect(soon.status).toBe(429);
    expect(soon.error?.message).toBe(
      `We emailed ${person.email} the key a moment ago. To send it again, wait a minute.`,
    );
    expect(await mailsTo(person.email, 'A Stockbench license for you')).toHaveLength(1);
  });
});

it('a mail that could not be sent is sent when the client retries, with the assignment kept', async () => {
  const buyer = await subscribe(bff, 1);
  const key = (await keysOf(buyer.user))[0]?.key ?? '';
  const person = await bff.newUser();
  const fault = (failing: boolean) =>
    fetch(`${bff.info.ses}/_twin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: person.email, failing }),
    });
  await fault(true);
  const failed = await assign(buyer, key, person.email, 'assign-mail-down-1');
  expect(failed.status).toBe(500);
  expect(await mailsTo(person.email, 'A Stockbench license for you')).toHaveLength(0);

  await fault(false);
  const retried = await assign(buyer, key, person.email, 'assign-mail-down-1');
  expect(retried.status).toBe(200);
  expect(retried.answer?.license.assignee).toBe(person.email);
  expect(await mailsTo(person.email, 'A Stockbench license for you')).toHaveLength(1);
  expect(await validate(person, key)).toMatchObject({ valid: true });
});

it('an account whose address is the assigned one can use the license only once the address is verified', async () => {
  const buyer = await subscribe(bff, 1);
  const key = (await keysOf(buyer.user))[0]?.key ?? '';
  const person = await bff.newUser();
  const address = `new-${person.email}`;
  expect((await assign(buyer, key, address)).status).toBe(200);
  // The person changes the account's address to the assigned one, not verified yet.
  const cognito = bff.cognitoAdmin;
  // Signed in by email: the user name is the address the account has at the time.
  const setAddress = (username: string, verified: boolean) =>
    cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: bff.info.userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'email_verified', Value: String(verified) },
        ],
      }),
    );
  await setAddress(person.email, false);
  const unverified = {
    ...person,
    email: address,
    token: (await bff.signIn(address, person.password)).token,
  };
  const refused = await bff.send(validateLicense, { user: unverified, body: { key, machine } });
  expect({ status: refused.status, code: refused.error?.code }).toEqual({
    status: 403,
    code: 'EMAIL_NOT_VERIFIED',
  });
  const list = await bff.send(getHeldLicenses, { user: unverified, query: { uid: person.uid } });
  expect(list.status).toBe(403);

  await setAddress(address, true);
  const verified = { ...person, email: address, token: (await bff.signIn(address, person.password)).token };
  expect(await validate(verified, key)).toMatchObject({ valid: true });
  expect((await held(verified))?.map((l) => l.key)).toEqual([key]);
});

describe('another account', () => {
  let buyer: Subscribed;
  let other: Subscribed;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    [buyer, other] = await Promise.all([subscribe(bff, 1), subscribe(bff, 1)]);
    key = (await keysOf(buyer.user))[0]?.key ?? '';
    otherKey = (await keysOf(other.user))[0]?.key ?? '';
  });

  it("cannot assign or take back the buyer's license, by the buyer's ids or its own", async () => {
    const body = { licenseKey: key, email: 'someone-else@example.com' };
    const withBuyersIds = await bff.send(assignLicense, {
      user: other.user,
      body: { ...body, customerId: buyer.customerId, subscriptionId: buyer.subscriptionId },
    });
    expect(withBuyersIds.status).toBe(403);
    const withOwnIds = await bff.send(assignLicense, {
      user: other.user,
      body: { ...body, customerId: other.customerId, subscriptionId: other.subscriptionId },
    });
    expect(withOwnIds.status).toBe(403);
    const takeBackOthers = await bff.send(takeBackLicense, {
      user: other.user,
      body: { licenseKey: key, customerId: other.customerId, subscriptionId: other.subscriptionId },
    });
    expect(takeBackOthers.status).toBe(403);
    expect((await keysOf(buyer.user))[0]?.assignee).toBeNull();
    expect(await validate(buyer.user, key)).toMatchObject({ valid: true });
  });

  it("as the assignee, can use the license but not change it, nor read another person's", async () => {
    const person = await bff.newUser();
    expect((await assign(buyer, key, person.email)).status).toBe(200);
    // The assignee has no subscription: every buyer's action is refused, whatever ids it names.
    const reassign = await bff.send(assignLicense, {
      user: person,
      body: {
        licenseKey: key,
        email: other.user.email,
        customerId: buyer.customerId,
        subscriptionId: buyer.subscriptionId,
      },
    });
    expect(reassign.status).toBe(403);
    const takeBackAsHolder = await bff.send(takeBackLicense, {
      user: person,
      body: { licenseKey: key, customerId: buyer.customerId, subscriptionId: buyer.subscriptionId },
    });
    expect(takeBackAsHolder.status).toBe(403);
    const remove = await bff.send(removeLicenses, {
      user: person,
      body: { licenseKeys: [key], customerId: buyer.customerId, subscriptionId: buyer.subscriptionId },
    });
    expect(remove.status).toBe(403);
    const someoneElses = await bff.send(getHeldLicenses, { user: person, query: { uid: other.user.uid } });
    expect(someoneElses.status).toBe(403);
    expect(await validate(person, key)).toMatchObject({ valid: true });
    expect(await validate(person, otherKey)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
  });

  it('needs a token to do anything', async () => {
    const res = await bff.call('GET', 'get-held-licenses', { query: { uid: buyer.user.uid } });
    expect(res.status).toBe(401);
  });

  it('refuses a session ended by "sign out everywhere", for the buyer and the assignee alike', async () => {
    const person = await bff.newUser();
    expect((await assign(buyer, key, person.email)).status).toBe(200);
    for (const user of [buyer.user, person]) {
      expect((await bff.call('POST', 'sign-out-everywhere', { user })).status).toBe(200);
    }
    const reassign = await assign(buyer, key, 'someone-new@example.com');
    expect({ status: reassign.status, code: reassign.error?.code }).toEqual({
      status: 401,
      code: 'SESSION_EXPIRED',
    });
    const list = await bff.send(getHeldLicenses, { user: person, query: { uid: person.uid } });
    expect({ status: list.status, code: list.error?.code }).toEqual({ status: 401, code: 'SESSION_EXPIRED' });
    const check = await bff.send(validateLicense, { user: person, body: { key, machine } });
    expect(check.status).toBe(401);
    // Nothing changed: the license is still the person's, as a new session shows.
    person.token = (await bff.signIn(person.email, person.password)).token;
    expect(await validate(person, key)).toMatchObject({ valid: true });
  });
});

describe('the end of a license held by an assignee', () => {
  it('removed: works until the period ends, and the assignee is told when it ends', async () => {
    const buyer = await subscribe(bff, 2);
    const key = (await keysOf(buyer.user))[1]?.key ?? '';
    const person = await bff.newUser();
    expect((await assign(buyer, key, person.email)).status).toBe(200);
    const removed = await bff.send(removeLicenses, {
      user: buyer.user,
      body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKeys: [key] },
    });
    expect(removed.status).toBe(200);
    const ends = removed.answer?.licenses.find((l) => l.key === key);
    expect(ends?.assignee).toBe(person.email);
    // Stripe's record of the change reaches the BFF as a webhook, which tells the assignee once.
    const [told] = await eventually(async () => {
      const mails = await mailsTo(person.email, 'will end');
      return mails.length ? mails : undefined;
    });
    expect(told?.text).toContain(key);
    expect(await validate(person, key)).toMatchObject({ valid: true, renews: false });
    expect((await held(person))?.[0]?.expirationDate).toBe(ends?.expirationDate);
  });

  it('the subscription ended: the assignee is told it ended and the key stops', async () => {
    const buyer = await subscribe(bff, 1);
    const key = (await keysOf(buyer.user))[0]?.key ?? '';
    const person = await bff.newUser();
    expect((await assign(buyer, key, person.email)).status).toBe(200);
    await bff.stripe.subscriptions.cancel(buyer.subscriptionId);
    await eventually(async () => (await mailsTo(person.email, 'license ended')).length === 1);
    expect(await validate(person, key)).toMatchObject({ valid: false });
    expect(await held(person)).toEqual([]);
  });

  it('the buyer closed the account: the assignee is told and the key stops', async () => {
    const buyer = await subscribe(bff, 1);
    const key = (await keysOf(buyer.user))[0]?.key ?? '';
    const person = await bff.newUser();
    expect((await assign(buyer, key, person.email)).status).toBe(200);
    const res = await bff.send(deleteCustomer, {
      user: buyer.user,
      body: { uid: buyer.user.uid, currentPassword: buyer.user.password },
    });
    expect(res.status).toBe(200);
    const [told] = await mailsTo(person.email, 'license ended');
    expect(told?.text).toContain(key);
    expect(await validate(person, key)).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await held(person)).toEqual([]);
    // The cancellation's webhook finds no account: nobody is told twice.
    await eventually(async () => {
      const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
      const { data } = (await res.json()) as { data: { delivery: { status: string } | null }[] };
      return data.every((e) => e.delivery?.status !== 'pending');
    });
    expect(await mailsTo(person.email, 'license ended')).toHaveLength(1);
  });
});

// Last in this file: it moves the emulator's clock, which every account of this stack shares.
it("the payer's renewal fails: the assignee sees why the license does not work, and it is refused", async () => {
  const buyer = await subscribe(bff, 1);
  const key = (await keysOf(buyer.user))[0]?.key ?? '';
  const person = await bff.newUser();
  expect((await assign(buyer, key, person.email)).status).toBe(200);
  // The buyer's card now attaches but every charge fails; then the period ends.
  await useFailingCard(bff, buyer.user, buyer.subscriptionId);
  await advanceStripeClock(bff, 31 * 24 * 3600);
  const [overdue] = await eventually(async () => {
    const list = await held(person);
    return list?.[0]?.paidFor === false ? list : undefined;
  });
  expect(overdue).toMatchObject({ key, subscriptionStatus: 'past_due', paidFor: false });
  expect(await validate(person, key)).toMatchObject({ valid: false, code: 'SUBSCRIPTION_INACTIVE' });
});
