import { randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  DeleteWebAuthnCredentialCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { readOutbox, type OutboxMessage } from '../../dev/outbox';
import { SoftwareAuthenticator } from '../../dev/cognito/__tests__/support/software-authenticator';
import { endSessions } from '../endpoints/end-sessions/contract';
import { FACTOR_MAIL_WINDOW_MS } from '../lib/security-mails';
import { addPasskey as addPasskeyWith } from './support/passkeys';
import { eventually, startBff, type Bff, type User } from './support/bff';
import { deliverCloudTrailEvent } from './support/security-events';
import { refreshes as refreshesWith, sessionOf as sessionOfUser, type Session } from './support/two-factor';

// Cognito lets a holder of a user's access token add a passkey (which then signs them in without the
// password) or remove one, with nothing more. Played straight at Cognito, as a thief or a script
// would: the owner is mailed, with a link that ends every session, and every session begun before the
// change ends, the thief's too. The product learns of the calls from Cognito's CloudTrail events,
// which the local Cognito sends as AWS does.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff({ passkeys: true });
  cognito = bff.cognito;
});
afterAll(async () => {
  await bff?.stop();
});

/** The page the local relying party (localhost) serves. */

const sessionOf = (user: User) => sessionOfUser(cognito, bff.info.clientId, user);
const refreshes = (refresh: string) => refreshesWith(cognito, bff.info.clientId, refresh);

const PASSKEY_MAIL = /A passkey was (added to|removed from) your Stockbench account/;
const passkeyMails = async (address: string) =>
  (await readOutbox(bff.outboxDir, address)).filter((m) => PASSKEY_MAIL.test(m.subject));
/** The passkey mails to `address`, newest first, once there are `count`. */
const passkeyMailsOnce = (address: string, count: number) =>
  eventually(async () => {
    const mails = await passkeyMails(address);
    return mails.length >= count ? mails : undefined;
  });
const linkCode = (mail: OutboxMessage) =>
  /mode=endSessions&oobCode=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';

const addPasskey = (access: string) => addPasskeyWith(cognito, access);

const removePasskey = (access: string, authenticator: SoftwareAuthenticator) =>
  cognito.send(new DeleteWebAuthnCredentialCommand({ AccessToken: access, CredentialId: authenticator.id }));

/** The session is over: its refresh token and its access token at Cognito and at the BFF. */
async function expectEnded(user: User, session: Session) {
  expect(await refreshes(session.refresh)).toBe('NotAuthorizedException');
  await expect(
    cognito.send(new StartWebAuthnRegistrationCommand({ AccessToken: session.access })),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  const res = await bff.call('GET', 'get-licenses', {
    user: { ...user, token: session.id },
    query: { uid: user.uid },
  });
  expect(res.status).toBe(401);
}

it('a thief who adds a passkey with a stolen access token is reported at once, and no session begun before lasts', async () => {
  const owner = await bff.newUser();
  const ownerSession = await sessionOf(owner);
  const stolen = await sessionOf(owner);
  expect(await refreshes(stolen.refresh)).toBe('refreshed');
  await addPasskey(stolen.access);

  const [mail] = await passkeyMailsOnce(owner.email, 1);
  expect(mail?.subject).toBe('A passkey was added to your Stockbench account');
  expect(mail?.text).toContain('If you did not do this');
  expect(linkCode(mail as OutboxMessage)).not.toBe('');
  // The thief's refresh token no longer mints tokens, and the owner's other session ended with it.
  await expectEnded(owner, stolen);
  await expectEnded(owner, ownerSession);
  // The mailed link works (it ends the sessions begun since, too).
  const fresh = await sessionOf(owner);
  expect((await bff.send(endSessions, { body: { code: linkCode(mail as OutboxMessage) } })).status).toBe(200);
  expect(await refreshes(fresh.refresh)).toBe('NotAuthorizedException');
});

it('the owner removing a passkey ends every session begun before, the thief’s among them; the owner is mailed', async () => {
  const owner = await bff.newUser();
  const thiefs = await addPasskey((await sessionOf(owner)).access);
  await passkeyMailsOnce(owner.email, 1);
  // A session begun after the addition was handled (its mail is sent once its sessions have ended);
  // a thief signed in with their passkey holds one like it.
  const stolen = await sessionOf(owner);
  const owners = await sessionOf(owner);
  await removePasskey(owners.access, thiefs);
  const [removed] = await passkeyMailsOnce(owner.email, 2);
  expect(removed?.subject).toBe('A passkey was removed from your Stockbench account');
  await expectEnded(owner, stolen);
  await expectEnded(owner, owners);
  // A sign-in after the removal lasts.
  const after = await sessionOf(owner);
  expect(await refreshes(after.refresh)).toBe('refreshed');
});

it('a failed passkey call mails nothing', async () => {
  const owner = await bff.newUser();
  const session = await sessionOf(owner);
  await expect(removePasskey(session.access, new SoftwareAuthenticator())).rejects.toMatchObject({
    name: 'ResourceNotFoundException',
  });
  // A later real change's mail comes alone: the failed call had no event.
  await addPasskey((await sessionOf(owner)).access);
  await passkeyMailsOnce(owner.email, 1);
  expect(await passkeyMails(owner.email)).toHaveLength(1);
});

it('an event delivered twice is handled once; a late one mails but spares the session begun after the site’s sign-out', async () => {
  const owner = await bff.newUser();
  const changedAt = new Date(Date.now() - 60_000);
  const eventId = randomUUID();
  // The site ended every session after its own change, and the owner signed in again.
  const site = await sessionOf(owner);
  const out = await bff.call('POST', 'sign-out-everywhere', {
    user: { ...owner, token: site.id },
    body: { keepPendingSignIns: true },
  });
  expect(out.status).toBe(200);
  const again = await sessionOf(owner);
  // The change's event comes late, and twice.
  for (let i = 0; i < 2; i++) {
    expect(
      await deliverCloudTrailEvent(bff, 'CompleteWebAuthnRegistration', owner.uid, changedAt, eventId),
    ).toBeUndefined();
  }
  const [mail] = await passkeyMailsOnce(owner.email, 1);
  expect(mail?.subject).toBe('A passkey was added to your Stockbench account');
  expect(await passkeyMails(owner.email)).toHaveLength(1);
  expect(await refreshes(again.refresh)).toBe('refreshed');
  // Handled once: the repeat left no change held for a later mail either.
  const later = new Date(Date.now() + FACTOR_MAIL_WINDOW_MS + 60_000).toISOString();
  expect(await bff.runJob('held-security-mails', later)).toMatchObject({ sent: 0 });
  expect(await passkeyMails(owner.email)).toHaveLength(1);
});

it('a script adding and removing passkeys gets one mail of each kind, and the held addition is mailed by the job', async () => {
  const owner = await bff.newUser();
  /** Makes one change as the script does (each change ends every session, so it signs in again),
   * and waits until its event has been handled: the session it changed with has ended. */
  const change = async (make: (access: string) => Promise<unknown>) => {
    const session = await sessionOf(owner);
    await make(session.access);
    await eventually(async () => (await refreshes(session.refresh)) !== 'refreshed' || undefined);
  };
  let passkey = new SoftwareAuthenticator();
  await change(async (access) => (passkey = await addPasskey(access)));
  await change((access) => removePasskey(access, passkey));
  await passkeyMailsOnce(owner.email, 2);
  let lastStart = '';
  for (let i = 0; i < 3; i++) {
    await change(async (access) => (passkey = await addPasskey(access)));
    lastStart = new Date().toISOString();
    await change((access) => removePasskey(access, passkey));
  }
  // The last change is held once the record says so (its sessions end before its mail is settled).
  await eventually(async () => {
    const doc = DynamoDBDocument.from(
      new DynamoDBClient({ region: bff.info.region, endpoint: bff.info.dynamodb }),
    );
    const { Item } = await doc.get({
      TableName: bff.info.tableName,
      Key: { pk: `USER#${owner.uid}`, sk: 'PASSKEY_MAILS' },
      ConsistentRead: true,
    });
    doc.destroy();
    return Item?.held === true && String(Item.changedAt) >= lastStart ? true : undefined;
  });
  // Eight changes, two mails: the first addition and the first removal; the repeats are held.
  expect(await bff.runJob('held-security-mails')).toMatchObject({ sent: 0 });
  expect((await passkeyMails(owner.email)).map((m) => m.subject)).toEqual([
    expect.stringMatching(/removed/),
    expect.stringMatching(/added/),
  ]);
  // Once the window has closed the job sends one mail for the held changes: the last was a removal,
  // but additions were among them, and an added passkey signs its holder in, so the mail says one was
  // added.
  const later = new Date(Date.now() + FACTOR_MAIL_WINDOW_MS + 60_000).toISOString();
  expect(await bff.runJob('held-security-mails', later)).toMatchObject({ sent: 1 });
  const [newest, ...before] = await passkeyMails(owner.email);
  expect(before).toHaveLength(2);
  expect(newest?.subject).toBe('A passkey was added to your Stockbench account');
  expect(newest?.text).toContain('Passkeys were added or removed again after our last email about them');
  expect(linkCode(newest as OutboxMessage)).not.toBe('');
  expect(await bff.runJob('held-security-mails', later)).toMatchObject({ sent: 0 });
  expect(await passkeyMails(owner.email)).toHaveLength(3);
});
