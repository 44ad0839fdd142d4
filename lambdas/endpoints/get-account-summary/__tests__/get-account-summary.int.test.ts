import { getAccountSummary } from '../contract';
import { assignLicense } from '../../assign-license/contract';
import { licensesOf, subscribe, type Subscribed } from '../../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';

// What the desktop application shows at sign-in, through the local API server against the emulators:
// a subscriber's own account and the licenses they gave away, a person given a license, a new user
// with nothing, and what an attacker tries (another account's uid, no token, a revoked session).

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const summary = (user: User, query: Record<string, string> = {}) =>
  bff.call('GET', 'get-account-summary', { user, query });

describe('the account summary', () => {
  let buyer: Subscribed;
  let holder: User;
  let keys: string[];

  beforeAll(async () => {
    buyer = await subscribe(bff, 2);
    holder = await bff.newUser();
    keys = (await licensesOf(bff, buyer.user)).map((l) => l.key);
    const given = await bff.send(assignLicense, {
      user: buyer.user,
      body: {
        customerId: buyer.customerId,
        subscriptionId: buyer.subscriptionId,
        licenseKey: keys[1] ?? '',
        email: holder.email.toUpperCase(),
      },
    });
    expect(given.status).toBe(200);
  });

  it('shows a subscriber their address, subscription, the license they use and the one they gave away', async () => {
    const res = await bff.send(getAccountSummary, { user: buyer.user });
    expect(res.status).toBe(200);
    expect(res.answer).toEqual({
      email: buyer.user.email,
      subscription: { status: 'active', licenses: 2, renewing: 2 },
      licenses: [
        { key: keys[0], expirationDate: 'NONE', source: 'own', paidBy: buyer.user.email, paidFor: true },
      ],
      givenAway: [{ key: keys[1], expirationDate: 'NONE', assignee: holder.email.toLowerCase() }],
    });
  });

  it('shows the person given a license that license and who pays for it, and no subscription', async () => {
    const res = await bff.send(getAccountSummary, { user: holder });
    expect(res.answer).toEqual({
      email: holder.email,
      subscription: null,
      licenses: [
        { key: keys[1], expirationDate: 'NONE', source: 'given', paidBy: buyer.user.email, paidFor: true },
      ],
      givenAway: [],
    });
  });

  it('shows a new user an empty account', async () => {
    const user = await bff.newUser();
    expect((await bff.send(getAccountSummary, { user })).answer).toEqual({
      email: user.email,
      subscription: null,
      licenses: [],
      givenAway: [],
    });
  });

  it("never answers another account's summary: a uid in the request is refused, the token decides", async () => {
    const res = await summary(holder, { uid: buyer.user.uid });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(keys[0]);
  });

  it('refuses a request without a token, and a session ended by sign-out everywhere', async () => {
    const user = await bff.newUser();
    const noToken = await bff.call('GET', 'get-account-summary');
    expect(noToken.status).toBe(401);
    expect((await bff.call('POST', 'sign-out-everywhere', { user })).status).toBe(200);
    const revoked = await summary(user);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error?.code).toBe('SESSION_EXPIRED');
  });
});
