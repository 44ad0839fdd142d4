import { subscribe } from './support/accounts';
import { startBff, type Bff } from './support/bff';

// Stripe refusing what a client sent, through the local stack (API server, handler, SDK, the Stripe
// emulator): the caller gets a 4xx it can act on, never the generic 500 meant for our own bugs.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const subscribed = () => subscribe(bff, 1);

it("update-card with a detached card answers 402 and the card form's wording, and changes nothing", async () => {
  const { user, subscriptionId } = await subscribed();
  // A card once attached to someone and detached since: Stripe never lets it be attached again.
  const other = await bff.stripe.customers.create({ email: 'other@example.com' });
  const card = await bff.stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
  await bff.stripe.paymentMethods.attach(card.id, { customer: other.id });
  await bff.stripe.paymentMethods.detach(card.id);

  const res = await bff.call('PUT', 'update-card', {
    user,
    body: { subscriptionId, paymentMethodId: card.id },
  });
  expect(res).toEqual({
    status: 402,
    body: {
      error: {
        code: 'PAYMENT_METHOD_UNUSABLE',
        message: 'Payment failed. Please try another payment method.',
      },
    },
  });
  const subs = await bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } });
  expect(subs.body.subscriptions).toEqual([expect.objectContaining({ cardLast4: '4242' })]);
});
