import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ListUsersCommand,
  SignUpCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IamDecision } from '../../dev/iam/gate';
import { readOutbox } from '../../dev/outbox';
import { updateIf } from '../lib/repository/client';
import { LEASE_SK, userPk } from '../lib/repository/keys';
import { ADDRESS_BUSY, releasedAddress } from '../lib/unproven-email';
import { subscribe, type Subscribed } from './support/accounts';
import { eventually, startBff, type Bff } from './support/bff';

// An account that moved to someone else's address and never proved it gives that address back when its
// owner signs up, and goes back to the address it last proved. Played through the local stack as it
// goes wrong: meanwhile a second account signed up the old address and proved it. The old address is
// not free any more, so the account cannot have it back; never two accounts on one verified address,
// and the new address's owner still signs up. The trigger does this within Cognito's 5 seconds: it
// waits at most a second for the account, and Stripe follows later, from a scheduled job.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
let admin: CognitoIdentityProviderClient;
const decisions: IamDecision[] = [];
beforeAll(async () => {
  bff = await startBff();
  bff.iamGate.onDecision((d) => decisions.push(d));
  const client = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
    new CognitoIdentityProviderClient({
      region: bff.info.region,
      endpoint: bff.info.cognitoEndpoint,
      credentials,
    });
  cognito = client({ accessKeyId: 'anyone', secretAccessKey: 'anyone' });
  admin = client(bff.info.adminCredentials);
});
afterAll(async () => {
  cognito?.destroy();
  admin?.destroy();
  await bff?.stop();
});

const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const attrs = (user: UserType | undefined) =>
  Object.fromEntries((user?.Attributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));

/** Signs `email` up and confirms it with the code its mailbox got (the newest verification mail). */
async function signUpAndConfirm(email: string): Promise<void> {
  const verifications = async () =>
    (await readOutbox(bff.outboxDir, email)).filter((m) => /mode=verifyEmail/.test(m.html));
  const before = (await verifications()).length;
  await cognito.send(
    new SignUpCommand({ ClientId: bff.info.clientId, Username: email, Password: 'Passw0rd!long' }),
  );
  const code = await eventually(async () => {
    const mails = await verifications();
    return mails.length > before ? /oobCode=(\w+)/.exec(mails[0]?.html ?? '')?.[1] : undefined;
  });
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: bff.info.clientId, Username: email, ConfirmationCode: code }),
  );
}

/** The accounts whose verified address is `email`. */
async function verifiedHolders(email: string): Promise<string[]> {
  const { Users = [] } = await admin.send(
    new ListUsersCommand({ UserPoolId: bff.info.userPoolId, Filter: `email = "${email}"` }),
  );
  return Users.filter((u) => attrs(u).email_verified === 'true').map((u) => u.Username ?? '');
}

async function moveUnproven(account: Subscribed, to: string): Promise<void> {
  const res = await bff.call('PUT', 'update-email', {
    user: account.user,
    body: {
      uid: account.user.uid,
      oldEmail: account.user.email,
      newEmail: to,
      currentPassword: account.user.password,
    },
  });
  expect(res.status).toBe(200);
}

it('never gives back an address another account proved meanwhile; the new address’s owner signs up', async () => {
  const a = await subscribe(bff, 1);
  const v = address('v');
  await moveUnproven(a, v);
  // The old address is free now: a second account signs it up and proves it.
  await signUpAndConfirm(a.user.email);
  const [second] = await verifiedHolders(a.user.email);
  expect(second).toBeDefined();
  expect(second).not.toBe(a.user.uid);

  // The owner of v@ signs up and gets it.
  try {
    await signUpAndConfirm(v);
  } catch (e) {
    console.log('DEBUG', JSON.stringify(await readOutbox(bff.outboxDir), null, 1).slice(0, 6000));
    throw e;
  }
  expect(await verifiedHolders(a.user.email)).toEqual([second]);
  const vHolders = await verifiedHolders(v);
  expect(vHolders).toHaveLength(1);
  expect(vHolders).not.toContain(a.user.uid);

  // The first account has neither address: a placeholder no mail reaches, for support to move it.
  const first = await admin.send(
    new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: a.user.uid }),
  );
  expect(attrs({ Attributes: first.UserAttributes })).toMatchObject({ email: releasedAddress(a.user.uid) });
  // Its Stripe customer stops naming v@ once the job has run (the trigger never calls Stripe).
  expect(decisions.filter((d) => d.principal === 'pre-sign-up' && d.service === 'secretsmanager')).toEqual(
    [],
  );
  await bff.runJob('sync-customer-emails');
  const customer = await bff.stripe.customers.retrieve(a.customerId);
  expect((customer as { email?: string | null }).email ?? '').toBe('');
});

it('gives back a free address as before, with Stripe following from the job', async () => {
  const a = await subscribe(bff, 1);
  const v = address('v');
  await moveUnproven(a, v);
  await signUpAndConfirm(v);
  expect(await verifiedHolders(a.user.email)).toEqual([a.user.uid]);
  await bff.runJob('sync-customer-emails');
  expect(await bff.stripe.customers.retrieve(a.customerId)).toMatchObject({ email: a.user.email });
});

it('asks the owner to try again, at once, while the account is busy, and succeeds after', async () => {
  const a = await subscribe(bff, 1);
  const v = address('v');
  await moveUnproven(a, v);
  // Another request holds the account for a while (an email change, a recovery, a payment).
  const holdUntil = Date.now() + 60_000;
  await updateIf({
    Key: { pk: userPk(a.user.uid), sk: LEASE_SK },
    UpdateExpression: 'SET leaseToken = :t, leaseUntil = :u',
    ExpressionAttributeValues: { ':t': 'held-by-test', ':u': holdUntil },
  });
  const refused = await cognito
    .send(new SignUpCommand({ ClientId: bff.info.clientId, Username: v, Password: 'Passw0rd!long' }))
    .then(
      () => undefined,
      (err: unknown) => err as Error,
    );
  expect(refused?.name).toBe('UserLambdaValidationException');
  expect(refused?.message).toBe(`PreSignUp failed with error ${ADDRESS_BUSY}.`);
  await updateIf({
    Key: { pk: userPk(a.user.uid), sk: LEASE_SK },
    UpdateExpression: 'SET leaseUntil = :zero',
    ExpressionAttributeValues: { ':zero': 0 },
  });
  await signUpAndConfirm(v);
  expect(await verifiedHolders(v)).toHaveLength(1);
  expect(await verifiedHolders(a.user.email)).toEqual([a.user.uid]);
});
