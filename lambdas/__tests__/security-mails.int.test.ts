import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { generateSync } from 'otplib';
import { readOutbox, type OutboxMessage } from '../../dev/outbox';
import { endSessions } from '../endpoints/end-sessions/contract';
import { FACTOR_MAIL_WINDOW_MS } from '../lib/security-mails';
import { eventually, startBff, type Bff, type User } from './support/bff';
import {
  answerChallenge,
  refreshes as refreshesWith,
  sessionOf as sessionOfUser,
  startSignIn,
  turnOnTwoFactor,
} from './support/two-factor';

// Cognito lets a holder of a user's access token turn two-factor sign-in on or off, set up another
// authenticator app or change the password, with no password and no current code. Played as a token
// thief straight at Cognito: the owner is mailed at once, with a link that ends every session, and the
// thief's sessions end when it is used. The product learns of these calls as it does in AWS, from
// Cognito's CloudTrail events (the local Cognito sends the same to the same function).

const WINDOW_SECONDS = 8;
let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff({ authSessionSeconds: WINDOW_SECONDS });
  cognito = bff.cognito;
});
afterAll(async () => {
  await bff?.stop();
});

/** The owner's session (what a thief copies): ID, access and refresh tokens. */
const sessionOf = (user: User) => sessionOfUser(cognito, bff.info.clientId, user);
const refreshes = (refresh: string) => refreshesWith(cognito, bff.info.clientId, refresh);

/** The mail to `address` whose subject matches, once it has arrived. */
const mailTo = (address: string, subject: RegExp): Promise<OutboxMessage> =>
  eventually(async () => (await readOutbox(bff.outboxDir, address)).find((m) => subject.test(m.subject)));

const linkCode = (mail: OutboxMessage) =>
  /mode=endSessions&oobCode=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';

it('a thief who turns two-factor sign-in on is reported at once, and the mailed link ends every session', async () => {
  const owner = await bff.newUser();
  const stolen = await sessionOf(owner);
  // The thief, with the access token alone, sets up an authenticator app of their own.
  const secret = await turnOnTwoFactor(cognito, stolen.access);
  const mail = await mailTo(owner.email, /Two-factor sign-in was turned on/);
  expect(mail.text).toContain('If you did not do this');
  const code = linkCode(mail);
  expect(code).not.toBe('');

  // The owner follows the link: every session ends.
  expect((await bff.send(endSessions, { body: { code } })).status).toBe(200);
  const stale = await bff.call('GET', 'get-licenses', {
    user: { ...owner, token: stolen.id },
    query: { uid: owner.uid },
  });
  expect(stale.status).toBe(401);
  expect(await refreshes(stolen.refresh)).toBe('NotAuthorizedException');
  await expect(
    cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: stolen.access })),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  // The link works once; a made-up one never.
  expect((await bff.send(endSessions, { body: { code } })).error?.code).toBe('USED_ACTION_CODE');
  expect((await bff.send(endSessions, { body: { code: 'x'.repeat(32) } })).error?.code).toBe(
    'INVALID_ACTION_CODE',
  );
  expect(secret).not.toBe('');
});

it('a new authenticator app replacing the owner’s is reported, and sign-ins begun before it get no tokens', async () => {
  const owner = await bff.newUser();
  const own = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailTo(owner.email, /Two-factor sign-in was turned on/);
  // A sign-in stopped at its code challenge (on some device), and a thief with a copied access token.
  const { pending } = await startSignIn(cognito, bff.info.clientId, owner.email, owner.password);
  if (!pending) throw new Error('no challenge');
  const thiefToken = (await sessionWithCode(owner, own)).access;
  const { SecretCode = '' } = await cognito.send(
    new AssociateSoftwareTokenCommand({ AccessToken: thiefToken }),
  );
  await cognito.send(
    new VerifySoftwareTokenCommand({
      AccessToken: thiefToken,
      UserCode: generateSync({ secret: SecretCode }),
    }),
  );
  expect(linkCode(await mailTo(owner.email, /A new authenticator app was set up/))).not.toBe('');
  // The sign-in begun before the swap cannot finish, whoever answers it.
  const late = await answerChallenge(cognito, bff.info.clientId, pending, SecretCode);
  expect(late).toMatchObject({ error: 'UserLambdaValidationException' });
});

/** A session of a user with two-factor sign-in: the password, then the app's code. */
const sessionWithCode = (user: User, secret: string) =>
  sessionOfUser(cognito, bff.info.clientId, user, secret);

it('turning two-factor sign-in off, changing the password and resetting it are each reported', async () => {
  const owner = await bff.newUser();
  const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
  await mailTo(owner.email, /Two-factor sign-in was turned on/);
  const { access } = await sessionWithCode(owner, secret);
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: access,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  await mailTo(owner.email, /Two-factor sign-in was turned off/);

  // Turning it off ended every session (second-factor-sessions.int.test.ts): a new one, password alone.
  await cognito.send(
    new ChangePasswordCommand({
      AccessToken: (await sessionOf(owner)).access,
      PreviousPassword: owner.password,
      ProposedPassword: 'Changed-pass-1',
    }),
  );
  expect(linkCode(await mailTo(owner.email, /password was changed/))).not.toBe('');

  await cognito.send(new ForgotPasswordCommand({ ClientId: bff.info.clientId, Username: owner.email }));
  const resetMail = await mailTo(owner.email, /Reset your password/);
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: bff.info.clientId,
      Username: owner.email,
      ConfirmationCode: /mode=resetPassword&oobCode=([^&\s)]+)/.exec(resetMail.text)?.[1],
      Password: 'Reset-pass-3',
    }),
  );
  await mailTo(owner.email, /password was reset/);
});

describe('a flood of changes to the second factor', () => {
  const factorMails = async (address: string) =>
    (await readOutbox(bff.outboxDir, address)).filter((m) =>
      /Two-factor sign-in was turned|authenticator app was set up/.test(m.subject),
    );
  const setTwoFactor = (access: string, on: boolean) =>
    cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: access,
        SoftwareTokenMfaSettings: { Enabled: on, PreferredMfa: on },
      }),
    );
  /** Waits until the security-event function has seen the factor `on` (its record of the state). */
  const seen = (uid: string, on: boolean) =>
    eventually(async () => {
      const doc = DynamoDBDocument.from(
        new DynamoDBClient({ region: bff.info.region, endpoint: bff.info.dynamodb }),
      );
      const { Item } = await doc.get({
        TableName: bff.info.tableName,
        Key: { pk: `USER#${uid}`, sk: 'TWO_FACTOR' },
        ConsistentRead: true,
      });
      doc.destroy();
      return Item?.on === on || undefined;
    });

  it('an app swapped in after six on/off toggles is reported at once; the inbox gets one mail per kind', async () => {
    const owner = await bff.newUser();
    // Each change of factor ends every session, so the thief (who has the password, and the code of
    // the app they set up) signs in again before each change.
    const secret = await turnOnTwoFactor(cognito, (await sessionOf(owner)).access);
    await mailTo(owner.email, /Two-factor sign-in was turned on/);
    await seen(owner.uid, true);
    const thief = async (factorOn: boolean) =>
      (factorOn ? await sessionWithCode(owner, secret) : await sessionOf(owner)).access;
    // Each change is handled before the next (as a slow script would make them).
    for (let i = 0; i < 6; i++) {
      await setTwoFactor(await thief(true), false);
      await seen(owner.uid, false);
      await setTwoFactor(await thief(false), true);
      await seen(owner.uid, true);
    }
    const stolen = await thief(true);
    const { SecretCode = '' } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: stolen }),
    );
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: stolen, UserCode: generateSync({ secret: SecretCode }) }),
    );
    const swap = await mailTo(owner.email, /A new authenticator app was set up/);
    expect(linkCode(swap)).not.toBe('');
    // Thirteen changes, three mails: turned on, turned off, the swap; the repeats are held.
    const mails = await factorMails(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      swap.subject,
      expect.stringMatching(/turned off/),
      expect.stringMatching(/turned on/),
    ]);

    // The thief turns it off again: a repeat within the hour, held; the newest mail still says the
    // swap until the job sends the held change once the window has closed, saying how it is now.
    // The swap ended the thief's session too: they sign in again with the new app's code, once the
    // sign-ins begun around the swap may finish (the refusal says when).
    const again = await eventually(async () =>
      sessionWithCode(owner, SecretCode).then(
        (session) => session.access,
        () => undefined,
      ),
    );
    await setTwoFactor(again, false);
    await seen(owner.uid, false);
    expect(await bff.runJob('held-security-mails')).toMatchObject({ sent: 0 });
    const later = new Date(Date.now() + FACTOR_MAIL_WINDOW_MS + 60_000).toISOString();
    expect(await bff.runJob('held-security-mails', later)).toMatchObject({ sent: 1 });
    const [newest, ...before] = await factorMails(owner.email);
    expect(before).toHaveLength(3);
    expect(newest?.subject).toMatch(/Two-factor sign-in was turned off/);
    expect(newest?.text).toContain('changed again after our last email about it');
    expect(linkCode(newest as OutboxMessage)).not.toBe('');
    // Sent once: a second run finds nothing held.
    expect(await bff.runJob('held-security-mails', later)).toMatchObject({ sent: 0 });
    expect(await factorMails(owner.email)).toHaveLength(4);
  });
});

it('deleting the account through the site mails the owner', async () => {
  const owner = await bff.newUser();
  const res = await bff.call('POST', 'delete-customer', {
    user: owner,
    body: { uid: owner.uid, currentPassword: owner.password },
  });
  expect(res.status).toBe(200);
  const mail = await mailTo(owner.email, /account was deleted/);
  expect(mail.text).not.toContain('endSessions');
});

it('access tokens live 5 minutes, the shortest Cognito allows', async () => {
  const { access } = await sessionOf(await bff.newUser());
  const claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()) as {
    exp: number;
    iat: number;
  };
  expect(claims.exp - claims.iat).toBe(300);
});
