import { completeCheckout } from '../../complete-checkout/contract';
import { getLicenses } from '../../get-licenses/contract';
import { setupCheckout } from '../../setup-checkout/contract';
import { advanceStripeClock, subscribe, useFailingCard } from '../../../__tests__/support/accounts';
import { eventually, paymentIntentOf, startBff, type Bff, type User } from '../../../__tests__/support/bff';

// POST /api/checkout-info: the checkout page's check that the link's client secret is the caller's
// own pending first payment, with the amount from Stripe. Real users and the real flow on the local
// stack; anyone else's secret answers 403 and says nothing about the subscription behind it.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff({ own: true });
});
afterAll(() => bff?.stop());

async function setup(user: User, count: number) {
  const res = await bff.send(setupCheckout, { user, body: { uid: user.uid, email: user.email, count } });
  expect(res.status).toBe(200);
  return { sec: res.answer?.sec ?? '', subscriptionId: res.answer?.subscriptionId ?? '' };
}

const info = (user: User | undefined, body: unknown) => bff.call('POST', 'checkout-info', { user, body });

/** Pays with Stripe directly, as Stripe.js would with the secret; answers the payment method id. */
async function pay(sec: string, card = 'pm_card_visa'): Promise<string> {
  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(sec), { payment_method: card });
  return typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
}

/** A 403 that names nothing of the subscription it was asked about. */
function expectRefused(res: { status: number; body: Record<string, unknown> }, subscriptionId: string) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({
    error: { code: 'FORBIDDEN', message: "This checkout link is not the signed-in user's." },
  });
  expect(JSON.stringify(res.body)).not.toContain(subscriptionId);
}

describe('checkout-info', () => {
  it("answers the caller's own pending checkout with Stripe's quantity and amount", async () => {
    const owner = await bff.newUser();
    const { sec, subscriptionId } = await setup(owner, 2);
    const res = await info(owner, { sec });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscriptionId,
      count: 2,
      amountDue: 3000,
      currency: 'usd',
      status: 'incomplete',
    });
  });

  it("refuses another account's secret, whether or not the caller has a checkout of their own", async () => {
    const owner = await bff.newUser();
    const { sec, subscriptionId } = await setup(owner, 5);
    const stranger = await bff.newUser();
    expectRefused(await info(stranger, { sec }), subscriptionId);

    const buyer = await bff.newUser();
    const own = await setup(buyer, 1);
    expectRefused(await info(buyer, { sec }), subscriptionId);
    // The buyer's own link still works, and the owner's is untouched.
    expect((await info(buyer, { sec: own.sec })).body).toMatchObject({ count: 1, amountDue: 1500 });
    expect((await info(owner, { sec })).body).toMatchObject({ count: 5, status: 'incomplete' });
  });

  it('refuses a made-up secret (403) and a malformed one (400), and needs a token (401)', async () => {
    const owner = await bff.newUser();
    const { sec, subscriptionId } = await setup(owner, 1);
    const forged = `${paymentIntentOf(sec)}_secret_${'A'.repeat(24)}`;
    expectRefused(await info(owner, { sec: forged }), subscriptionId);
    expectRefused(await info(owner, { sec: `${sec}x` }), subscriptionId);

    for (const body of [
      {},
      { sec: '' },
      { sec: 'not-a-secret' },
      { sec: `${sec}/../x` },
      { sec: 'x'.repeat(5000) },
      { sec, extra: 1 },
      { sec: 42 },
    ]) {
      const res = await info(owner, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await info(undefined, { sec })).status).toBe(401);
  });

  it('refuses (403) a paid checkout, and a replaced (canceled) one, even to their owner', async () => {
    const owner = await bff.newUser();
    const { sec, subscriptionId } = await setup(owner, 3);
    expect((await info(owner, { sec })).body).toMatchObject({ count: 3, amountDue: 4500 });
    const pmid = await pay(sec);
    const done = await bff.send(completeCheckout, { user: owner, query: { uid: owner.uid, pmid } });
    expect(done.status).toBe(200);
    // The account's own subscription, now active: no longer a checkout to pay.
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expectRefused(await info(owner, { sec }), subscriptionId);

    const other = await bff.newUser();
    const abandoned = await setup(other, 1);
    await setup(other, 2);
    expect((await bff.stripe.subscriptions.retrieve(abandoned.subscriptionId)).status).toBe('canceled');
    expectRefused(await info(other, { sec: abandoned.sec }), abandoned.subscriptionId);
  });
});

describe("complete-checkout after paying with someone else's secret", () => {
  it("refuses (403) to record a payment made on another account's subscription", async () => {
    const owner = await bff.newUser();
    const { sec } = await setup(owner, 5);
    const payer = await bff.newUser();
    await setup(payer, 1);
    // The payer's browser paid the owner's subscription (what the checkout page now prevents).
    const pmid = await pay(sec);
    const res = await bff.send(completeCheckout, { user: payer, query: { uid: payer.uid, pmid } });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('FORBIDDEN');
    const licenses = await bff.send(getLicenses, { user: payer, query: { uid: payer.uid } });
    expect(licenses.answer?.licenses).toEqual([]);
  });
});

// Last in the file: it moves the emulator's clock a month on.
describe('checkout-info after a renewal failed', () => {
  it("refuses (403) the open renewal's payment secret: only a first payment is a checkout", async () => {
    const { user, subscriptionId } = await subscribe(bff, 1);
    await useFailingCard(bff, user, subscriptionId);
    await advanceStripeClock(bff, 32 * 24 * 3600);
    // The renewal's invoice is open and carries a payment secret, as a first payment's does.
    const sec = await eventually(async () => {
      const sub = await bff.stripe.subscriptions.retrieve(subscriptionId, {
        expand: ['latest_invoice.confirmation_secret'],
      });
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      return sub.status === 'past_due' && invoice?.confirmation_secret?.client_secret;
    });
    expectRefused(await info(user, { sec }), subscriptionId);
  });
});
