import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { readOutbox } from '../../dev/outbox';
import { eventually, startBff, type Bff, type User } from './support/bff';
import { deliverCloudTrailEvent } from './support/security-events';
import {
  answerChallenge,
  holdingSecurityEvents,
  refreshes as refreshesWith,
  sessionOf as sessionOfUser,
  type Session,
  startSignIn,
  turnOnTwoFactor,
} from './support/two-factor';

// A session copied before the owner turns two-factor sign-in on, replaces the authenticator app or
// turns it off must end with the change: otherwise its refresh token keeps minting access tokens, and
// with them the thief sets up an authenticator of their own. Played straight at Cognito, as a thief or
// a script would (the site ends the sessions itself; this is the backstop, from Cognito's CloudTrail
// events, which the local Cognito sends as AWS does).

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff({ own: true });
  cognito = bff.cognito;
});
afterAll(async () => {
  await bff?.stop();
});

const sessionOf = (user: User, secret?: string) => sessionOfUser(cognito, bff.info.clientId, user, secret);
const refreshes = (refresh: string) => refreshesWith(cognito, bff.info.clientId, refresh);

/** The BFF's answer to a read with `token`: its status and error code. */
async function bffWith(user: User, token: string) {
  const res = await bff.call('GET', 'get-licenses', { user: { ...user, token }, query: { uid: user.uid } });
  return { status: res.status, code: res.body.error?.code };
}

/** Once the owner is mailed about the change, its CloudTrail event has been handled. */
const mailed = (user: User, subject: RegExp) =>
  eventually(async () => (await readOutbox(bff.outboxDir, user.email)).some((m) => subject.test(m.subject)));

/** The stolen session is over everywhere: no refresh, no Cognito call, no BFF call. */
async function expectEnded(user: User, stolen: Session) {
  expect(await refreshes(stolen.refresh)).toBe('NotAuthorizedException');
  await expect(
    cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: stolen.access })),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  expect(await bffWith(user, stolen.id)).toEqual({ status: 401, code: 'SESSION_EXPIRED' });
  expect((await bffWith(user, stolen.access)).status).toBe(401);
}

it('a session taken before two-factor sign-in is turned on ends with it; the owner signs in with the code', async () => {
  const owner = await bff.newUser();
  const stolen = await sessionOf(owner);
  expect(await refreshes(stolen.refresh)).toBe('refreshed');
  const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailed(owner, /Two-factor sign-in was turned on/);
  await expectEnded(owner, stolen);
  // The owner's sign-in with the new factor opens a session that lasts.
  const fresh = await sessionOf(owner, secret);
  expect(await bffWith(owner, fresh.id)).toEqual({ status: 200, code: undefined });
  expect(await refreshes(fresh.refresh)).toBe('refreshed');
});

it('a session taken before the authenticator app is replaced ends with the replacement', async () => {
  const owner = await bff.newUser();
  const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailed(owner, /Two-factor sign-in was turned on/);
  const stolen = await sessionOf(owner, secret);
  expect(await refreshes(stolen.refresh)).toBe('refreshed');
  const changer = await sessionOf(owner, secret);
  const { SecretCode = '' } = await cognito.send(
    new AssociateSoftwareTokenCommand({ AccessToken: changer.access }),
  );
  await cognito.send(
    new VerifySoftwareTokenCommand({
      AccessToken: changer.access,
      UserCode: generateSync({ secret: SecretCode }),
    }),
  );
  await mailed(owner, /A new authenticator app was set up/);
  await expectEnded(owner, stolen);
  expect(await refreshes(changer.refresh)).toBe('NotAuthorizedException');
});

it('a session taken before two-factor sign-in is turned off ends with it; the password alone signs in at once', async () => {
  const owner = await bff.newUser();
  const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailed(owner, /Two-factor sign-in was turned on/);
  const stolen = await sessionOf(owner, secret);
  const changer = await sessionOf(owner, secret);
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: changer.access,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  await mailed(owner, /Two-factor sign-in was turned off/);
  await expectEnded(owner, stolen);
  // The sign-ins with a code began minutes before would not hold the owner back: the password alone
  // now signs in, so they are not refused.
  const fresh = await sessionOf(owner);
  expect(await bffWith(owner, fresh.id)).toEqual({ status: 200, code: undefined });
});

it('a change whose sessions the site already ended spares the session begun after, however late its event comes', async () => {
  const owner = await bff.newUser();
  const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailed(owner, /Two-factor sign-in was turned on/);
  // A sign-in with the code is waiting when the owner turns the factor off on the site.
  const { pending } = await startSignIn(cognito, bff.info.clientId, owner.email, owner.password);
  if (!pending) throw new Error('no code challenge');
  const site = await sessionOf(owner, secret);
  const changedAt = new Date();
  const again = await holdingSecurityEvents(bff, async () => {
    // The change's own event fails here (as if EventBridge had not delivered it yet).
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: site.access,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    // The site ends every session and signs the owner in again, with the password alone.
    const out = await bff.call('POST', 'sign-out-everywhere', {
      user: { ...owner, token: site.id },
      body: { keepPendingSignIns: true },
    });
    expect(out.status).toBe(200);
    return sessionOf(owner);
  });
  expect(await refreshes(site.refresh)).toBe('NotAuthorizedException');
  // The change's event arrives after all: the session begun after the site's sign-out lasts.
  expect(await deliverCloudTrailEvent(bff, 'SetUserMFAPreference', owner.uid, changedAt)).toBeUndefined();
  await mailed(owner, /Two-factor sign-in was turned off/);
  expect(await refreshes(again.refresh)).toBe('refreshed');
  expect(await bffWith(owner, again.id)).toEqual({ status: 200, code: undefined });
  // The waiting sign-in may finish: the password alone signs in now anyway.
  expect(await answerChallenge(cognito, bff.info.clientId, pending, secret)).toMatchObject({
    idToken: expect.any(String),
  });
});
