import path from 'node:path';
import { ConfirmForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import {
  eventually,
  paymentIntentOf,
  startBff,
  type Bff,
  type User,
} from '../../../lambdas/__tests__/support/bff';
import { localDynamoDbClient } from '../../dynamodb';
import { readOutbox } from '../../outbox';
import { lastKnownTwoFactor } from '../../../lambdas/lib/repository/two-factor-state';
import { sessionOf, startSignIn, turnOnTwoFactor } from '../../../lambdas/__tests__/support/two-factor';
import { support } from '../../../scripts/support/run';
import type { IamDecision } from '../gate';
import { handlerNames } from '../principals';
import { TERMS_VERSION } from '../../../src/lib/terms-version';

// Least privilege, checked both ways: every handler is driven through the paths that use each of its
// grants (cdk/lib/handler-permissions.ts, evaluated by the stack's IAM gate), and for each handler
//  - every AWS call it made was allowed (a grant missing from the map fails here, as in AWS), and
//  - every (action, resource) its role is granted was used by some call (a grant nothing needs fails).

let bff: Bff;
const decisions: IamDecision[] = [];

beforeAll(async () => {
  bff = await startBff({ own: true });
  bff.iamGate.onDecision((d) => decisions.push(d));
});
afterAll(() => bff?.stop());

interface Grant {
  action: string;
  resource: string;
}

/** Every (action, resource) pair the gate would allow `handler`, from its statements. */
function grantsOf(handler: string): Grant[] {
  const principal = bff.iamGate.principals().find((p) => p.name === handler);
  if (!principal?.statements) throw new Error(`the gate knows no handler ${handler}`);
  return principal.statements.flatMap((s) =>
    s.actions.flatMap((action) => s.resources.map((resource) => ({ action, resource }))),
  );
}

const used = (handler: string, g: Grant) =>
  decisions.some(
    (d) =>
      d.principal === handler &&
      d.allowed &&
      d.action.toLowerCase() === g.action.toLowerCase() &&
      d.resource === g.resource,
  );
const unusedGrants = (handler: string) => grantsOf(handler).filter((g) => !used(handler, g));

const denials = () =>
  decisions.filter((d) => !d.allowed).map((d) => `${d.principal}: ${d.action} on ${d.resource}`);

/** The answer's body; anything but a 200 fails the test, naming the IAM denials that caused it. */
async function ok(res: Promise<{ status: number; body: Record<string, unknown> }>) {
  const r = await res;
  if (r.status !== 200) {
    throw new Error(
      `answered ${r.status} ${JSON.stringify(r.body)}; IAM denials: ${JSON.stringify(denials())}`,
    );
  }
  return r.body;
}

/** A user with an active subscription of `count` licenses: setup-checkout, the checkout page's
 * checkout-info, payment, complete-checkout. */
async function subscribed(count: number) {
  const user = await bff.newUser();
  const setup = await ok(
    bff.call('POST', 'setup-checkout', { user, body: { uid: user.uid, email: user.email, count } }),
  );
  await ok(bff.call('POST', 'checkout-info', { user, body: { sec: setup.sec } }));
  const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(String(setup.sec)), {
    payment_method: 'pm_card_visa',
  });
  const pmid = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? '');
  await ok(bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } }));
  return {
    user,
    pmid,
    customerId: String(setup.customerId),
    subscriptionId: String(setup.subscriptionId),
  };
}

async function keysOf(user: User): Promise<string[]> {
  const body = await ok(bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } }));
  return (body.licenses as { key: string }[]).map((l) => l.key);
}

it('every handler is allowed each AWS call it makes, and uses every grant it has', async () => {
  await ok(bff.call('GET', 'health'));
  await ok(bff.call('GET', 'license-public-key'));

  // Buying (setup-checkout, complete-checkout; the emulator's webhooks reach stripe-webhook), then every
  // account operation on the subscription.
  const { user, pmid, customerId, subscriptionId } = await subscribed(2);
  await ok(bff.call('GET', 'get-subscriptions', { user, query: { uid: user.uid } }));
  // A checkout still waiting for its payment: get-subscriptions reads its client secret from Stripe.
  const payer = await bff.newUser();
  await ok(
    bff.call('POST', 'setup-checkout', {
      user: payer,
      body: { uid: payer.uid, email: payer.email, count: 1 },
    }),
  );
  await ok(bff.call('GET', 'get-subscriptions', { user: payer, query: { uid: payer.uid } }));
  await ok(bff.call('GET', 'quote-licenses', { user, query: { count: '1', subscriptionId } }));
  await ok(bff.call('GET', 'get-invoices', { user, query: { subscriptionId } }));
  await ok(bff.call('GET', 'get-invoices-csv', { user, query: { uid: user.uid } }));
  await ok(bff.call('PUT', 'add-licenses', { user, body: { customerId, subscriptionId, count: 1 } }));
  const keys = await keysOf(user);
  const machine = { id: 'grants-machine-1', name: 'Grants PC', platform: 'windows', appVersion: '5.2.0' };
  await ok(bff.call('POST', 'validate-license', { user, body: { key: keys[0], machine } }));
  await ok(bff.call('GET', 'get-machines', { user, query: { uid: user.uid } }));
  await ok(
    bff.call('PUT', 'sign-out-machine', {
      user,
      body: { licenseKey: keys[0], machineId: machine.id },
      headers: { 'idempotency-key': 'grants-sign-out-1' },
    }),
  );
  // A license given to a person, who reads and validates it; removing it makes the webhook tell them it
  // ends; then the buyer takes it back (that person is told).
  const holder = await bff.newUser();
  const ids = { customerId, subscriptionId };
  await ok(
    bff.call('PUT', 'assign-license', { user, body: { ...ids, licenseKey: keys[2], email: holder.email } }),
  );
  await ok(bff.call('GET', 'get-held-licenses', { user: holder, query: { uid: holder.uid } }));
  await ok(bff.call('GET', 'get-account-summary', { user: holder }));
  await ok(bff.call('POST', 'validate-license', { user: holder, body: { key: keys[2], machine } }));
  await ok(
    bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [keys[2]] },
    }),
  );
  await eventually(async () =>
    (await readOutbox(bff.outboxDir, holder.email)).some((m) => m.subject.includes('will end')),
  );
  await ok(bff.call('PUT', 'take-back-license', { user, body: { ...ids, licenseKey: keys[2] } }));
  // Removing the other two sets the subscription to end; keeping it renewing renews them again.
  await ok(
    bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [keys[0], keys[1]] },
    }),
  );
  await ok(bff.call('PUT', 'resume-subscription', { user, body: { customerId, subscriptionId } }));
  // Leaving in one step and keeping one license renewing; the company's details for invoices.
  await ok(bff.call('PUT', 'cancel-subscription', { user, body: { customerId, subscriptionId } }));
  await ok(bff.call('PUT', 'renew-licenses', { user, body: { ...ids, licenseKeys: [keys[0], keys[1]] } }));
  const company = {
    customerId,
    companyName: 'Grants Ltd',
    address: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' },
  };
  await ok(
    bff.call('PUT', 'billing-details', {
      user,
      body: { ...company, taxId: { type: 'gb_vat', value: 'GB123456789' } },
    }),
  );
  await ok(bff.call('PUT', 'billing-details', { user, body: company }));
  await ok(bff.call('GET', 'get-billing-details', { user, query: { uid: user.uid } }));
  // The satisfaction guarantee: asked, then given (its mail, and the holder told their license ended).
  const refunder = await subscribed(1);
  await ok(
    bff.call('PUT', 'assign-license', {
      user: refunder.user,
      body: {
        customerId: refunder.customerId,
        subscriptionId: refunder.subscriptionId,
        licenseKey: (await keysOf(refunder.user))[0],
        email: holder.email,
      },
    }),
  );
  await ok(bff.call('GET', 'refund-eligibility', { user: refunder.user, query: { uid: refunder.user.uid } }));
  await ok(
    bff.call('POST', 'request-refund', {
      user: refunder.user,
      body: { customerId: refunder.customerId, subscriptionId: refunder.subscriptionId },
    }),
  );
  // A checkout started and dropped before it was paid.
  const dropper = await bff.newUser();
  const started = await ok(
    bff.call('POST', 'setup-checkout', {
      user: dropper,
      body: { uid: dropper.uid, email: dropper.email, count: 1 },
    }),
  );
  await ok(
    bff.call('PUT', 'accept-terms', {
      user: dropper,
      body: { subscriptionId: String(started.subscriptionId), version: TERMS_VERSION },
    }),
  );
  await ok(
    bff.call('PUT', 'cancel-checkout', {
      user: dropper,
      body: { customerId: String(started.customerId), subscriptionId: String(started.subscriptionId) },
    }),
  );

  // complete-checkout and update-card sync the license records with the subscription, creating
  // missing ones (PutItem). The purchase's webhooks may have created them already; then a record is
  // removed (as the admin) and the call repeated, until the handler has had to create one. Each time,
  // only once every webhook delivery so far has settled: a late one would otherwise recreate the record
  // first (the handler's own deliveries wait for the account lease it holds, so they come after it).
  const admin = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  const deliveriesSettled = async () => {
    const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
    const { data } = (await res.json()) as { data: { delivery: { status: string } | null }[] };
    return data.every((e) => e.delivery?.status !== 'pending');
  };
  const untilPutItem = async (handler: string, call: () => Promise<unknown>) => {
    const called = () => decisions.some((d) => d.principal === handler && d.action === 'dynamodb:PutItem');
    for (let attempt = 0; attempt < 5 && !called(); attempt++) {
      await eventually(deliveriesSettled);
      await admin.send(
        new DeleteItemCommand({
          TableName: bff.info.tableName,
          Key: { pk: { S: `USER#${user.uid}` }, sk: { S: `LICENSE#${subscriptionId}#0000` } },
        }),
      );
      await call();
    }
  };
  try {
    await untilPutItem('complete-checkout', () =>
      ok(bff.call('GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } })),
    );
    await untilPutItem('update-card', () =>
      ok(
        bff.call('PUT', 'update-card', {
          user,
          body: { subscriptionId, paymentMethodId: 'pm_card_mastercard' },
        }),
      ),
    );
  } finally {
    admin.destroy();
  }

  // Email change (password check, address not taken, Cognito, records, Stripe, mail), then recovery.
  const newEmail = `new-${user.email}`;
  await ok(
    bff.call('PUT', 'update-email', {
      user,
      body: { uid: user.uid, oldEmail: user.email, newEmail, currentPassword: user.password },
    }),
  );
  const mails = (await (
    await fetch(`${bff.info.outbox}/messages.json?to=${encodeURIComponent(user.email)}`)
  ).json()) as { text: string }[];
  const code = /oobCode=([A-Za-z0-9_-]+)/.exec(
    mails.find((m) => m.text.includes('mode=recoverEmail'))?.text ?? '',
  )?.[1];
  expect(code).toBeDefined();
  // Whoever changed the address sets up an authenticator app after it; the recovery removes that app.
  const intruder = bff.cognito;
  const atNewAddress = await startSignIn(intruder, bff.info.clientId, newEmail, user.password);
  await turnOnTwoFactor(intruder, atNewAddress.accessToken ?? '');
  await eventually(async () => (await lastKnownTwoFactor(user.uid)).verifiedAt !== undefined);
  await ok(bff.call('POST', 'email-recovery-info', { body: { code } }));
  await ok(bff.call('POST', 'email-recovery', { body: { code } }));
  // The change and the recovery ended every session and voided the password: the owner chooses a new
  // one with the code mailed to the restored address, signs in, then ends every session from the site.
  const resetMail = (await readOutbox(bff.outboxDir, user.email)).find((m) =>
    m.text.includes('mode=resetPassword'),
  );
  const resetCode = /mode=resetPassword&oobCode=([^&\s)]+)/.exec(resetMail?.text ?? '')?.[1];
  expect(resetCode).toBeDefined();
  user.password = `${user.password}-new`;
  const cognito = bff.cognito;
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: bff.info.clientId,
      Username: user.email,
      ConfirmationCode: resetCode,
      Password: user.password,
    }),
  );
  // The reset is mailed to the owner with a link that ends every session (end-sessions).
  const endLink = await eventually(async () =>
    (await readOutbox(bff.outboxDir, user.email)).find((m) => /password was reset/.test(m.subject)),
  );
  const endCode = /mode=endSessions&oobCode=([A-Za-z0-9_-]+)/.exec(endLink.text)?.[1];
  await ok(bff.call('POST', 'end-sessions', { body: { code: endCode } }));
  user.token = (await bff.signIn(user.email, user.password)).token;
  await ok(bff.call('POST', 'sign-out-everywhere', { user }));
  user.token = (await bff.signIn(user.email, user.password)).token;

  // Support's removal of the passkeys, finished with the next sign-in's access token: the request read
  // and cleared (UpdateItem); Cognito's calls take the token, no grant.
  const env = { LOCAL_DIR: path.dirname(bff.outboxDir) };
  expect(await support(['remove-passkeys', user.email], env, 'grants-test', () => undefined)).toBe(0);
  const again = await sessionOf(bff.cognito, bff.info.clientId, user);
  user.token = again.id;
  await ok(bff.call('POST', 'finish-passkey-removal', { user, body: { accessToken: again.access } }));

  // The webhook's grants are used by the deliveries the purchase caused; they arrive on their own.
  await eventually(async () => unusedGrants('stripe-webhook').length === 0);

  // Closing the account tells the person holding one of its licenses that it ends (a key read now:
  // the syncs above replaced the record of ordinal 0).
  await ok(
    bff.call('PUT', 'assign-license', {
      user,
      body: { ...ids, licenseKey: (await keysOf(user))[0], email: holder.email },
    }),
  );
  await ok(
    bff.call('POST', 'delete-customer', {
      user,
      body: { uid: user.uid, currentPassword: user.password },
    }),
  );

  const report = handlerNames().map((handler) => ({
    handler,
    denied: decisions
      .filter((d) => d.principal === handler && !d.allowed)
      .map((d) => `${d.action} on ${d.resource}`),
    unused: unusedGrants(handler).map((g) => `${g.action} on ${g.resource}`),
  }));
  expect(report).toEqual(handlerNames().map((handler) => ({ handler, denied: [], unused: [] })));
});
