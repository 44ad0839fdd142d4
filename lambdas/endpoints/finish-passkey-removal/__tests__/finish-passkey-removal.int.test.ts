import path from 'node:path';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ListWebAuthnCredentialsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { readOutbox } from '../../../../dev/outbox';
import { support } from '../../../../scripts/support/run';
import { addPasskey as addPasskeyWith } from '../../../__tests__/support/passkeys';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import {
  refreshes,
  sessionOf as sessionOfUser,
  withoutAction,
  type Session,
} from '../../../__tests__/support/two-factor';
import { clearPasskeyRemoval, readPasskeyRemoval } from '../../../lib/repository/passkey-removals';
import { finishPasskeyRemoval } from '../contract';

// Support's remove-passkeys, finished at the owner's next sign-in: while the request is pending the
// BFF refuses the account (but sign-out everywhere and this endpoint), and the site, with the access
// token of the new session, removes every passkey and clears the request. Through the local stack:
// passkeys made on the local Cognito as a browser makes them, support's command as support runs it.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
let env: Record<string, string>;
beforeAll(async () => {
  bff = await startBff({ passkeys: true });
  cognito = bff.cognito;
  env = { LOCAL_DIR: path.dirname(bff.outboxDir) };
});
afterAll(async () => {
  await bff?.stop();
});

const sessionOf = (user: User) => sessionOfUser(cognito, bff.info.clientId, user);
const as = (user: User, session: Session): User => ({ ...user, token: session.id });

const addPasskey = (access: string) => addPasskeyWith(cognito, access);

const passkeysOf = async (user: User): Promise<number> => {
  const { access } = await sessionOf(user);
  const out = await cognito.send(new ListWebAuthnCredentialsCommand({ AccessToken: access }));
  return out.Credentials?.length ?? 0;
};

const PASSKEY_MAIL = /A passkey was (added to|removed from) your Stockbench account/;
const passkeyMailsOnce = (user: User, count: number) =>
  eventually(async () => {
    const mails = (await readOutbox(bff.outboxDir, user.email)).filter((m) => PASSKEY_MAIL.test(m.subject));
    return mails.length >= count ? mails : undefined;
  });

/**
 * An owner with `count` passkeys, each addition's event handled (the session it was added with has
 * ended), so no session begun later is ended by them.
 */
async function ownerWithPasskeys(count: number): Promise<User> {
  const owner = await bff.newUser();
  for (let i = 0; i < count; i++) {
    const session = await sessionOf(owner);
    await addPasskey(session.access);
    await eventually(
      async () => (await refreshes(cognito, bff.info.clientId, session.refresh)) !== 'refreshed',
    );
  }
  await passkeyMailsOnce(owner, 1);
  return owner;
}

async function removePasskeys(owner: User): Promise<void> {
  const lines: string[] = [];
  expect(await support(['remove-passkeys', owner.email], env, 'pat-support', (l) => lines.push(l))).toBe(0);
}

const licensesOf = (user: User) => bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
const finish = (user: User, accessToken: string) =>
  bff.send(finishPasskeyRemoval, { user, body: { accessToken } });

it('while support’s request is pending the account is refused, but it may sign out everywhere', async () => {
  const owner = await ownerWithPasskeys(1);
  await removePasskeys(owner);
  const session = await sessionOf(owner);
  const refused = await licensesOf(as(owner, session));
  expect(refused.status).toBe(403);
  expect(refused.body.error).toEqual({
    code: 'PASSKEY_REMOVAL_PENDING',
    message: expect.stringMatching(
      /^Support is removing this account's passkeys, as the account's owner asked/,
    ),
  });
  const summary = await bff.call('GET', 'get-account-summary', { user: as(owner, session) });
  expect(summary.body.error?.code).toBe('PASSKEY_REMOVAL_PENDING');
  const out = await bff.call('POST', 'sign-out-everywhere', { user: as(owner, session), body: {} });
  expect(out.status).toBe(200);
  expect((await licensesOf(as(owner, session))).status).toBe(401);
});

it('another user’s access token is refused and removes nothing; a token Cognito refuses answers 401', async () => {
  const owner = await ownerWithPasskeys(1);
  const other = await bff.newUser();
  await removePasskeys(owner);
  const session = await sessionOf(owner);
  const theirs = await finish(as(owner, session), (await sessionOf(other)).access);
  expect({ status: theirs.status, code: theirs.error?.code }).toEqual({
    status: 403,
    code: 'ACCESS_TOKEN_MISMATCH',
  });
  const [h, p] = session.access.split('.');
  const forged = await finish(as(owner, session), `${h}.${p}.${'A'.repeat(86)}`);
  expect({ status: forged.status, code: forged.error?.code }).toEqual({
    status: 401,
    code: 'ACCESS_TOKEN_REFUSED',
  });
  const malformed = await finish(as(owner, session), 'not-a-token');
  expect({ status: malformed.status, code: malformed.error?.code }).toEqual({
    status: 400,
    code: 'INVALID_REQUEST',
  });
  expect(await passkeysOf(owner)).toBe(1);
  expect((await licensesOf(as(owner, session))).body.error?.code).toBe('PASSKEY_REMOVAL_PENDING');
});

it('the owner’s access token removes the passkey and clears the request; the owner is mailed; the session ends', async () => {
  const owner = await ownerWithPasskeys(1);
  await removePasskeys(owner);
  const session = await sessionOf(owner);
  const done = await finish(as(owner, session), session.access);
  expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { removed: 1 } });
  const mails = await passkeyMailsOnce(owner, 2);
  expect(mails[0]?.subject).toBe('A passkey was removed from your Stockbench account');
  // The session that removed them was begun before the removal: the removal's event ends it.
  await eventually(async () => (await licensesOf(as(owner, session))).status === 401);
  expect(await passkeysOf(owner)).toBe(0);
  const again = await sessionOf(owner);
  expect((await licensesOf(as(owner, again))).status).toBe(200);
  // Nothing pending now: a repeat removes nothing.
  expect((await finish(as(owner, again), again.access)).body).toEqual({ removed: 0 });
});

it('two finishes side by side both succeed and remove every passkey, each once', async () => {
  const owner = await ownerWithPasskeys(2);
  await removePasskeys(owner);
  const session = await sessionOf(owner);
  const both = await Promise.all([1, 2].map(() => finish(as(owner, session), session.access)));
  expect(both.map((r) => r.status)).toEqual([200, 200]);
  expect(both.map((r) => Number(r.body?.removed ?? 0)).reduce((sum, n) => sum + n, 0)).toBe(2);
  await passkeyMailsOnce(owner, 2);
  expect(await passkeysOf(owner)).toBe(0);
  await eventually(async () => (await licensesOf(as(owner, session))).status === 401);
  expect((await licensesOf(as(owner, await sessionOf(owner)))).status).toBe(200);
});

it('a newer request made while a finish runs stays pending: the finish clears only the request it read', async () => {
  const owner = await ownerWithPasskeys(1);
  await removePasskeys(owner);
  // The finish's steps in its order, with support's newer request between its read and its clearing
  // (support's run points the repository at this stack).
  const read = await readPasskeyRemoval(owner.uid);
  expect(read).toBeDefined();
  await removePasskeys(owner);
  await clearPasskeyRemoval(owner.uid, read?.requestedAt ?? 0);
  const newer = await readPasskeyRemoval(owner.uid);
  expect(newer?.requestedAt).toBeGreaterThan(read?.requestedAt ?? 0);
  const session = await sessionOf(owner);
  expect((await licensesOf(as(owner, session))).body.error?.code).toBe('PASSKEY_REMOVAL_PENDING');
  // The finish of the newer request clears it.
  expect((await finish(as(owner, session), session.access)).body).toEqual({ removed: 1 });
  expect(await readPasskeyRemoval(owner.uid)).toBeUndefined();
});

it('a finish cut short after the deletions leaves the account refused, and the next sign-in finishes it', async () => {
  const owner = await ownerWithPasskeys(1);
  await removePasskeys(owner);
  const session = await sessionOf(owner);
  // The request's clearing fails (its UpdateItem refused, as a crash at that point would leave it).
  const before = bff.iamGate.principals();
  bff.iamGate.setPrincipals(withoutAction(before, 'finish-passkey-removal', 'dynamodb:UpdateItem'));
  const quiet = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn')].map((s) =>
    s.mockImplementation(() => undefined),
  );
  let cut;
  try {
    cut = await finish(as(owner, session), session.access);
  } finally {
    bff.iamGate.setPrincipals(before);
    quiet.forEach((s) => s.mockRestore());
  }
  expect(cut.status).toBe(500);
  await passkeyMailsOnce(owner, 2);
  expect(await passkeysOf(owner)).toBe(0);
  const next = await sessionOf(owner);
  expect((await licensesOf(as(owner, next))).body.error?.code).toBe('PASSKEY_REMOVAL_PENDING');
  expect((await finish(as(owner, next), next.access)).body).toEqual({ removed: 0 });
  expect((await licensesOf(as(owner, next))).status).toBe(200);
});
