import { paymentIntentOf, type Bff, type User } from './bff';

// Accounts in a state the tests start from, through the BFF as the site does it: a checkout paid with
// a test card, and the licenses as the licenses page reads them.

export interface Subscribed {
  user: User;
  customerId: string;
  subscriptionId: string;
}

export type License = { key: string; expirationDate: string };

/** Confirms a checkout's payment with a test card, as Stripe.js does; answers the card's id. */
export async function pay(bff: Bff, sec: string, card = 'pm_card_visa'): Promise<string> {
  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(sec), { payment_method: card });
  return typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
}

/** A checkout of `count` licenses, set up and not paid yet: its client secret and ids. */
export async function startCheckout(
  bff: Bff,
  user: User,
  count: number,
): Promise<{ sec: string; customerId: string; subscriptionId: string }> {
  const setup = await bff.call('POST', 'setup-checkout', {
    user,
    body: { uid: user.uid, email: user.email, count },
  });
  if (setup.status !== 200) throw new Error(`setup-checkout answered ${setup.status}`);
  return {
    sec: String(setup.body.sec),
    customerId: String(setup.body.customerId),
    subscriptionId: String(setup.body.subscriptionId),
  };
}

/** A new user who bought `count` licenses and paid for them. */
export async function subscribe(bff: Bff, count: number): Promise<Subscribed> {
  const user = await bff.newUser();
  const { sec, customerId, subscriptionId } = await startCheckout(bff, user, count);
  const pmid = await pay(bff, sec);
  const done = await bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });
  if (done.status !== 200) throw new Error(`complete-checkout answered ${done.status}`);
  return { user, customerId, subscriptionId };
}

/** The user's licenses, as get-licenses answers them. */
export async function licensesOf(bff: Bff, user: User): Promise<License[]> {
  const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
  if (res.status !== 200) throw new Error(`get-licenses answered ${res.status}`);
  return res.body.licenses as License[];
}

/** The account's card becomes one that attaches but whose every charge fails (update-card, as the site does). */
export async function useFailingCard(bff: Bff, user: User, subscriptionId: string): Promise<void> {
  const bad = await bff.stripe.paymentMethods.create({
    type: 'card',
    card: { token: 'tok_chargeCustomerFail' },
  });
  const swap = await bff.call('PUT', 'update-card', {
    user,
    body: { subscriptionId, paymentMethodId: bad.id },
  });
  if (swap.status !== 200) throw new Error(`update-card answered ${swap.status}`);
}

/** Moves the stack's Stripe clock forward: renewals, retries and expiries that fall due happen. */
export async function advanceStripeClock(bff: Bff, seconds: number): Promise<void> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (res.status !== 200) throw new Error(`the Stripe clock answered ${res.status}`);
}
