import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminUpdateUserAttributesCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { readOutbox } from '../../dev/outbox';
import { assignLicense } from '../endpoints/assign-license/contract';
import { lastKnownTwoFactor } from '../lib/repository/two-factor-state';
import { signInTooEarly } from '../triggers/pre-token-generation';
import { licensesOf, subscribe } from './support/accounts';
import { claimsOf, eventually, startBff, type Bff, type User } from './support/bff';
import {
  answerChallenge,
  holdingSecurityEvents,
  startSignIn,
  turnOnTwoFactor,
  type PendingSignIn,
} from './support/two-factor';

// A sign-in begun before the owner takes the account back must never finish into a session. The
// intruder knows the password, turns two-factor sign-in on with an authenticator app of their own and
// starts a sign-in that stops at the code challenge; then the owner acts (a recovery link, a password
// reset, sign-out everywhere); then the intruder answers. Cognito documents no end to such a pending
// challenge, so the local Cognito keeps it answerable for the app client's auth session validity (here
// 8 seconds instead of 3 minutes, so the owner's own sign-in after it is seen to work without waiting
// minutes), and the product refuses it tokens (lambdas/triggers/pre-token-generation.ts).

const WINDOW_SECONDS = 8;
let bff: Bff;
let cognito: CognitoIdentityProviderClient;
let admin: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff({ authSessionSeconds: WINDOW_SECONDS });
  cognito = bff.cognito;
  admin = bff.cognitoAdmin;
});
afterAll(async () => {
  await bff?.stop();
});

const clientId = () => bff.info.clientId;
const tooEarly =
  /^PreTokenGeneration failed with error A sign-in that began before your account's last security change cannot finish\. Sign in again in \d+ seconds?\.$/;

/** The intruder's authenticator app on the account, and a sign-in of theirs stopped at its challenge. */
async function intruderWithPendingSignIn(
  email: string,
  password: string,
): Promise<{ secret: string; pending: PendingSignIn }> {
  const first = await startSignIn(cognito, clientId(), email, password);
  // The change's own sign-out (security-events.ts) is held back: second-factor-sessions.int.test.ts
  // plays it; here the owner's session must outlive the intruder's change until the owner acts.
  const secret = await holdingSecurityEvents(bff, () => turnOnTwoFactor(cognito, first.accessToken ?? ''));
  // The product has learned when the app was set up (its VerifySoftwareToken event), which the
  // recovery's rule reads.
  const sub = String(claimsOf(first.accessToken ?? '').sub);
  await eventually(async () => (await lastKnownTwoFactor(sub)).verifiedAt !== undefined);
  const { pending } = await startSignIn(cognito, clientId(), email, password);
  if (!pending) throw new Error('no challenge');
  return { secret, pending };
}

async function resetCode(address: string): Promise<string> {
  return eventually(async () => {
    const mail = (await readOutbox(bff.outboxDir, address)).find((m) =>
      m.text.includes('mode=resetPassword'),
    );
    return /mode=resetPassword&oobCode=([^&\s)]+)/.exec(mail?.text ?? '')?.[1];
  });
}

const licenses = (user: User, token: string) =>
  bff.call('GET', 'get-licenses', { user: { ...user, token }, query: { uid: user.uid } });

/** Signs in with the password alone (no second factor), once the window of earlier sign-ins has passed. */
async function ownerSignsIn(email: string, password: string): Promise<string> {
  return eventually(
    async () => {
      try {
        return (await startSignIn(cognito, clientId(), email, password)).idToken;
      } catch (err) {
        if (err instanceof Error && tooEarly.test(err.message)) return undefined;
        throw err;
      }
    },
    4 * WINDOW_SECONDS * 1000,
  );
}

it('a recovery: the intruder’s pending challenge gets no tokens; the owner gets back in', async () => {
  const buyer = await subscribe(bff, 1);
  const owner = buyer.user;
  const taken = `taken-${owner.email}`;
  const moved = await bff.call('PUT', 'update-email', {
    user: owner,
    body: { uid: owner.uid, oldEmail: owner.email, newEmail: taken, currentPassword: owner.password },
  });
  expect(moved.status).toBe(200);
  await admin.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: bff.info.userPoolId,
      Username: owner.uid,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
  const intruder = await intruderWithPendingSignIn(taken, owner.password);

  // The owner follows the recovery link mailed to the old address.
  const link = /oobCode=([A-Za-z0-9_-]+)/.exec(
    (await readOutbox(bff.outboxDir, owner.email)).find((m) => m.text.includes('mode=recoverEmail'))?.text ??
      '',
  )?.[1];
  expect((await bff.call('POST', 'email-recovery', { body: { code: link } })).status).toBe(200);

  const answered = await answerChallenge(cognito, clientId(), intruder.pending, intruder.secret);
  expect(answered).toMatchObject({
    error: 'UserLambdaValidationException',
    message: expect.stringMatching(tooEarly) as unknown,
  });

  // The owner chooses a new password and signs in (no second factor: the recovery removed the
  // intruder's app, set up after the change).
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: clientId(),
      Username: owner.email,
      ConfirmationCode: await resetCode(owner.email),
      Password: 'Owner-new-pass-1',
    }),
  );
  const token = await ownerSignsIn(owner.email, 'Owner-new-pass-1');
  expect((await licenses(owner, token)).status).toBe(200);
  const [license] = await licensesOf(bff, { ...owner, token });
  const assigned = await bff.send(assignLicense, {
    user: { ...owner, token },
    body: {
      customerId: buyer.customerId,
      subscriptionId: buyer.subscriptionId,
      licenseKey: license?.key ?? '',
      email: 'colleague@example.com',
    },
  });
  expect(assigned.status).toBe(200);
});

it('a password reset: the pending challenge gets no tokens', async () => {
  const owner = await bff.newUser();
  const intruder = await intruderWithPendingSignIn(owner.email, owner.password);
  await cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: owner.email }));
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: clientId(),
      Username: owner.email,
      ConfirmationCode: await resetCode(owner.email),
      Password: 'Reset-pass-2',
    }),
  );
  const answered = await answerChallenge(cognito, clientId(), intruder.pending, intruder.secret);
  expect('message' in answered ? answered.message : '').toMatch(tooEarly);
});

it('sign-out everywhere: the pending challenge gets no tokens; a sign-in begun after it does', async () => {
  const owner = await bff.newUser();
  const intruder = await intruderWithPendingSignIn(owner.email, owner.password);
  expect((await bff.call('POST', 'sign-out-everywhere', { user: owner, body: {} })).status).toBe(200);
  const answered = await answerChallenge(cognito, clientId(), intruder.pending, intruder.secret);
  expect('message' in answered ? answered.message : '').toMatch(tooEarly);
  // Whoever signs in again, with both factors, after the window of the earlier one: a session.
  const token = await eventually(
    async () => {
      const { pending } = await startSignIn(cognito, clientId(), owner.email, owner.password);
      const out = pending && (await answerChallenge(cognito, clientId(), pending, intruder.secret));
      return out && 'idToken' in out ? out.idToken : undefined;
    },
    4 * WINDOW_SECONDS * 1000,
  );
  expect((await licenses(owner, token)).status).toBe(200);
});

it('the BFF’s own password check starts no sign-in that blocks the owner', async () => {
  const owner = await bff.newUser();
  const session = await startSignIn(cognito, clientId(), owner.email, owner.password);
  const appSecret = await holdingSecurityEvents(bff, () =>
    turnOnTwoFactor(cognito, session.accessToken ?? ''),
  );
  const moved = `moved-${owner.email}`;
  const change = await bff.call('PUT', 'update-email', {
    user: owner,
    body: { uid: owner.uid, oldEmail: owner.email, newEmail: moved, currentPassword: owner.password },
  });
  expect(change.status).toBe(200);
  // Every session ended with the change; the owner signs in at once with both factors.
  const { pending } = await startSignIn(cognito, clientId(), moved, owner.password);
  if (!pending) throw new Error('no challenge');
  expect(await answerChallenge(cognito, clientId(), pending, appSecret)).toMatchObject({
    idToken: expect.any(String) as unknown,
  });
});

it('says when to sign in again', () => {
  expect(`PreTokenGeneration failed with error ${signInTooEarly(42)}.`).toMatch(tooEarly);
});
