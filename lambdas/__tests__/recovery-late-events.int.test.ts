import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { deliverCloudTrailEvent } from './support/security-events';
import { type Bff } from './support/bff';
import {
  intruderMoves,
  licensesWith,
  mailTo,
  mailsTo,
  recoveryCodeFor,
  resetPassword,
  startTakeoverStack,
  stopTakeoverStack,
  twoFactorOf,
} from './support/takeover';
import { answerChallenge, startSignIn, turnOnTwoFactor } from './support/two-factor';

// An email recovery removes only an authenticator app set up after the change of address it undoes
// (lib/recovery-two-factor.ts), and learns when an app was set up from Cognito's CloudTrail events,
// which EventBridge may deliver minutes late. Here the local Cognito sends none: the test delivers each
// event after the recovery, with the time of the call it records, as a late EventBridge would.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  ({ bff, cognito } = await startTakeoverStack({ securityEvents: false }));
});
afterAll(() => stopTakeoverStack());

/** Delivers the event of `eventName` called for user `sub` at `at`, and waits for the function. */
async function deliverLate(eventName: string, sub: string, at: Date): Promise<void> {
  expect(await deliverCloudTrailEvent(bff, eventName, sub, at)).toBeUndefined();
}

it('removes the intruder’s app, set up after the change, once its late event arrives', async () => {
  const owner = await bff.newUser();
  const taken = `taken-${owner.email}`;
  await intruderMoves(owner, owner.token, owner.email, taken);
  const setUp = new Date();
  const started = await startSignIn(cognito, bff.info.clientId, taken, owner.password);
  await turnOnTwoFactor(cognito, started.accessToken ?? '');

  const link = await recoveryCodeFor(owner.email, taken);
  expect((await bff.call('POST', 'email-recovery', { body: { code: link } })).status).toBe(200);
  // Nothing tells the recovery yet when the app was set up: it stays, and nobody signs in without it.
  expect(await twoFactorOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);

  await deliverLate('VerifySoftwareToken', owner.uid, setUp);
  await deliverLate('SetUserMFAPreference', owner.uid, setUp);
  expect(await twoFactorOf(owner)).toEqual([]);
  // The owner is told at the restored address, once, whatever the removal's own event does later.
  await mailTo(owner.email, /two-factor sign-in was turned off/i);
  await deliverLate('AdminSetUserMFAPreference', owner.uid, new Date());
  expect((await mailsTo(owner.email)).filter((m) => /turned off/i.test(m.subject))).toHaveLength(1);
  await resetPassword(owner.email, 'Owner-late-1');
  const signedIn = await startSignIn(cognito, bff.info.clientId, owner.email, 'Owner-late-1');
  expect(signedIn.pending).toBeUndefined();
  expect((await licensesWith(owner, signedIn.idToken ?? '')).status).toBe(200);
});

it('keeps the owner’s app, set up before the change, when its event arrives after the recovery', async () => {
  const owner = await bff.newUser();
  const setUp = new Date();
  const started = await startSignIn(cognito, bff.info.clientId, owner.email, owner.password);
  const secret = await turnOnTwoFactor(cognito, started.accessToken ?? '');
  // The intruder holds a copy of the owner's session and the password, and moves the account.
  const taken = `taken-${owner.email}`;
  const moved = await bff.call('PUT', 'update-email', {
    user: owner,
    body: { uid: owner.uid, oldEmail: owner.email, newEmail: taken, currentPassword: owner.password },
  });
  expect(moved.status).toBe(200);

  const link = await recoveryCodeFor(owner.email, taken);
  expect((await bff.call('POST', 'email-recovery', { body: { code: link } })).status).toBe(200);
  await deliverLate('VerifySoftwareToken', owner.uid, setUp);
  await deliverLate('SetUserMFAPreference', owner.uid, setUp);
  expect(await twoFactorOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);

  await resetPassword(owner.email, 'Owner-late-2');
  const signIn = await startSignIn(cognito, bff.info.clientId, owner.email, 'Owner-late-2');
  if (!signIn.pending) throw new Error('no code asked');
  const answered = await answerChallenge(cognito, bff.info.clientId, signIn.pending, secret);
  if (!('idToken' in answered)) throw new Error(`sign-in refused: ${answered.message}`);
  expect((await licensesWith(owner, answered.idToken)).status).toBe(200);
});
