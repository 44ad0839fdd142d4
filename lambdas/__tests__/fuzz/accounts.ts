import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { ensureVerifiedUser } from '../../../dev/cognito/setup';
import { paymentIntentOf, type Bff, type User } from '../support/bff';
import type { FuzzAccount } from './kit';

// The fuzz's accounts, set up through the API as users would: an attacker (the caller of every fuzzed
// request), a victim with a paid subscription whose data must never leak, and a user whose sessions
// were ended; and the victim's state, read as the victim and from Stripe, to compare after the run.

/** Who takes part in a run, once set up. */
export interface Parties {
  bff: Bff;
  attacker: FuzzAccount;
  victim: FuzzAccount;
  /** A third user whose sessions were ended before the run: its ID token is refused. */
  revoked: User;
  agent: http.Agent;
  /** The last four digits of the victim's card. */
  victimLast4: string;
}

async function signInBoth(bff: Bff, cognito: CognitoIdentityProviderClient, email: string, password: string) {
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const id = out.AuthenticationResult?.IdToken;
  const access = out.AuthenticationResult?.AccessToken;
  if (!id || !access) throw new Error('no tokens');
  const sub = String(claimsOf(id).sub);
  return { id, access, sub };
}

export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

export async function makeUser(
  bff: Bff,
  cognito: CognitoIdentityProviderClient,
  password: string,
): Promise<{ user: User; accessToken: string }> {
  const email = `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  await ensureVerifiedUser(bff.info.cognitoEndpoint, bff.info.userPoolId, email, password);
  const t = await signInBoth(bff, cognito, email, password);
  return { user: { uid: t.sub, email, password, token: t.id }, accessToken: t.access };
}

export function expectStatus(res: { status: number; body: unknown }, status: number, what: string): void {
  if (res.status !== status)
    throw new Error(`setup: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
}

/** A user with a paid subscription, bought as a user would: setup-checkout, pay, complete-checkout. */
export async function subscribedUser(
  bff: Bff,
  cognito: CognitoIdentityProviderClient,
  password: string,
  count: number,
  card: string,
): Promise<FuzzAccount> {
  const { user, accessToken } = await makeUser(bff, cognito, password);
  const setup = await bff.call('POST', 'setup-checkout', {
    user,
    body: { uid: user.uid, email: user.email, count },
  });
  expectStatus(setup, 200, 'setup-checkout');
  const clientSecret = String(setup.body.sec);
  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(clientSecret), { payment_method: card });
  const paymentMethodId =
    typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
  const done = await bff.call('GET', 'complete-checkout', {
    user,
    query: { uid: user.uid, pmid: paymentMethodId },
  });
  expectStatus(done, 200, 'complete-checkout');
  const licenses = done.body.licenses as { key: string }[];
  return {
    user,
    accessToken,
    customerId: String(setup.body.customerId),
    subscriptionId: String(setup.body.subscriptionId),
    paymentMethodId,
    clientSecret,
    licenseKeys: licenses.map((l) => l.key),
  };
}

export interface VictimState {
  licenses: unknown;
  subscriptions: unknown;
  /** The victim's machines, without their last-seen times (the victim's own checks would move them). */
  machines: unknown;
  stripe: unknown;
}

/** The victim's state as the victim reads it through the API, and as Stripe has it. */
export async function victimState(bff: Bff, victim: FuzzAccount): Promise<VictimState> {
  const [licenses, subscriptions, machines, sub, customer, pm, invoices] = await Promise.all([
    bff.call('GET', 'get-licenses', { user: victim.user, query: { uid: victim.user.uid } }),
    bff.call('GET', 'get-subscriptions', { user: victim.user, query: { uid: victim.user.uid } }),
    bff.call('GET', 'get-machines', { user: victim.user, query: { uid: victim.user.uid } }),
    bff.stripe.subscriptions.retrieve(victim.subscriptionId),
    bff.stripe.customers.retrieve(victim.customerId),
    bff.stripe.paymentMethods.retrieve(victim.paymentMethodId),
    bff.stripe.invoices.list({ customer: victim.customerId, limit: 100 }),
  ]);
  expectStatus(licenses, 200, "the victim's get-licenses");
  expectStatus(subscriptions, 200, "the victim's get-subscriptions");
  expectStatus(machines, 200, "the victim's get-machines");
  return {
    licenses: licenses.body,
    subscriptions: subscriptions.body,
    // The licenses the victim pays for: a license the attacker assigned to the victim's address is the
    // attacker's to give (get-machines lists it for its holder), not a change to the victim's own.
    machines: (machines.body.licenses as { key: string; machines: { id: string; name: string }[] }[])
      .filter((l) => victim.licenseKeys.includes(l.key))
      .map((l) => [l.key, l.machines.map((m) => [m.id, m.name])]),
    stripe: {
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      quantity: sub.items.data.map((i) => i.quantity),
      defaultPaymentMethod: sub.default_payment_method,
      metadata: sub.metadata,
      customerEmail: customer.deleted ? 'deleted' : customer.email,
      paymentMethodCustomer: pm.customer,
      last4: pm.card?.last4,
      invoices: invoices.data.map((i) => [i.id, i.status, i.amount_paid]),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
