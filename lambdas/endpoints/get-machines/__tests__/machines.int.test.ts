import { setTimeout as sleep } from 'node:timers/promises';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import {
  checkLicense,
  offlineStatus,
  type LicenseClientOptions,
} from '../../../../desktop-client/license-client';
import { refresh, signIn, SignInError, type Session } from '../../../../desktop-client/sign-in';
import { fileStore, type StateStore } from '../../../../desktop-client/state';
import { verifyStatement } from '../../../../desktop-client/statement';
import { putLocalSecret } from '../../../../dev/local-stack';
import { assignLicense } from '../../assign-license/contract';
import { getMachines } from '../contract';
import { licensePublicKey } from '../../license-public-key/contract';
import { signOutMachine } from '../../sign-out-machine/contract';
import { takeBackLicense } from '../../take-back-license/contract';
import { validateLicense } from '../../validate-license/contract';
import { db, table } from '../../../lib/repository/client';
import { findSlotByKey, getSlot, writeMachines } from '../../../lib/repository/licenses';
import { getLicenseSigningSecret, resetSecrets } from '../../../lib/secrets';
import { licensesOf, subscribe, type Subscribed } from '../../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { aMachine, shippedKeys } from '../../../__tests__/support/machines';

// The machines a license runs on, with a deployment's machine limit set (3 here; by default there is
// none: machines-unlimited.int.test.ts), through the local API server against the emulators, with the
// reference client (desktop-client/) doing what the desktop application does: make an installation id,
// sign in, validate and renew, keep the statement, verify it offline with the published keys.

const LIMIT = 3;
let bff: Bff;
let dir: string;
beforeAll(async () => {
  bff = await startBff({ machineLimit: LIMIT });
  dir = await mkdtemp(path.join(os.tmpdir(), 'machines-'));
});
afterAll(async () => {
  await bff?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** One installation of the desktop application: its own data folder, its own sign-in. */
interface Install {
  options: LicenseClientOptions;
  store: StateStore;
  session: Session;
  check(key: string): ReturnType<typeof checkLicense>;
}

/** The site's app client on the local Cognito, as the application is configured with it. */
const cognito = () => ({
  region: bff.info.region,
  clientId: bff.info.clientId,
  endpoint: bff.info.cognitoEndpoint,
});

let installs = 0;
async function install(user: User, name: string): Promise<Install> {
  const store = fileStore(path.join(dir, `install-${++installs}`, 'license.json'));
  const options: LicenseClientOptions = {
    api: bff.info.api,
    store,
    machine: { name, platform: 'windows', appVersion: '5.2.0' },
    trustedKeys: await shippedKeys(bff.info.api),
  };
  const session = await signIn(cognito(), user.email, user.password, () => {
    throw new Error('no two-factor sign-in for this user');
  });
  return { options, store, session, check: (key) => checkLicense(options, session, key) };
}

const idOf = async (i: Install) => (await i.store.read()).installationId;

const machinesOf = async (user: User) => {
  const res = await bff.send(getMachines, { user, query: { uid: user.uid } });
  expect(res.status).toBe(200);
  return res.answer?.licenses ?? [];
};
const namesOn = async (user: User, key: string) =>
  ((await machinesOf(user)).find((l) => l.key === key)?.machines ?? []).map((m) => m.name).sort();

const signOut = (user: User, licenseKey: string, machineId: string, idempotencyKey?: string) =>
  bff.send(signOutMachine, {
    user,
    body: { licenseKey, machineId },
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });

const assign = (buyer: Subscribed, licenseKey: string, email: string) =>
  bff.send(assignLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey, email },
  });
const takeBack = (buyer: Subscribed, licenseKey: string) =>
  bff.send(takeBackLicense, {
    user: buyer.user,
    body: { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey },
  });

async function buyOne(): Promise<{ buyer: Subscribed; key: string }> {
  const buyer = await subscribe(bff, 1);
  const [license] = await licensesOf(bff, buyer.user);
  return { buyer, key: license?.key ?? '' };
}

describe('with a limit of 3 machines per license', () => {
  it('says the limit to the licenses page', async () => {
    const { buyer } = await buyOne();
    const res = await bff.send(getMachines, { user: buyer.user, query: { uid: buyer.user.uid } });
    expect(res.answer?.machineLimit).toBe(LIMIT);
  });

  it('4 machines validating at once: exactly 3 are accepted, the 4th is told which 3 use it', async () => {
    for (let round = 0; round < 3; round++) {
      const { buyer, key } = await buyOne();
      const four = await Promise.all(['A', 'B', 'C', 'D'].map((n) => install(buyer.user, `PC ${n}`)));
      const results = await Promise.all(four.map((i) => i.check(key)));
      expect(results.filter((r) => r.state === 'licensed')).toHaveLength(3);
      const refused = results.filter((r) => r.state === 'refused');
      expect(refused).toEqual([expect.objectContaining({ code: 'MACHINE_LIMIT', action: 'devices' })]);
      expect((await namesOn(buyer.user, key)).length).toBe(3);

      // The raw answer names the 3 machines in use and when each was last seen.
      const loser = four[results.findIndex((r) => r.state === 'refused')];
      const raw = await bff.send(validateLicense, {
        user: buyer.user,
        body: {
          key,
          machine: {
            id: await idOf(loser as Install),
            name: 'PC D',
            platform: 'windows',
            appVersion: '5.2.0',
          },
        },
      });
      expect(raw.answer).toMatchObject({ valid: false, code: 'MACHINE_LIMIT', token: null });
      const inUse =
        raw.answer?.valid === false && raw.answer.code === 'MACHINE_LIMIT' ? raw.answer.machines : [];
      expect(inUse.map((m) => m.name).sort()).toEqual(await namesOn(buyer.user, key));
      expect(inUse.every((m) => Date.parse(m.lastSeen) > Date.now() - 60_000)).toBe(true);
    }
  });

  it('each check renews the machine: same place, later last-seen, a statement for 7 more days', async () => {
    const { buyer, key } = await buyOne();
    const pc = await install(buyer.user, 'Desk');
    const first = await pc.check(key);
    expect(first).toMatchObject({ state: 'licensed', online: true });
    const [before] = (await machinesOf(buyer.user))[0]?.machines ?? [];
    await sleep(1100); // last-seen has one-second resolution
    const again = await pc.check(key);
    expect(again).toMatchObject({ state: 'licensed', online: true });
    const [after] = (await machinesOf(buyer.user))[0]?.machines ?? [];
    expect(after).toMatchObject({ id: before?.id, name: 'Desk', platform: 'windows', appVersion: '5.2.0' });
    expect(after?.firstSeen).toBe(before?.firstSeen);
    expect(Date.parse(after?.lastSeen ?? '')).toBeGreaterThan(Date.parse(before?.lastSeen ?? ''));
    const week = 7 * 24 * 3600 * 1000;
    expect(
      Math.abs(Date.parse(after?.validUntil ?? '') - Date.parse(after?.lastSeen ?? '') - week),
    ).toBeLessThan(2000);
    // The kept statement works offline, for this machine, until then.
    expect(await offlineStatus(pc.options)).toMatchObject({ state: 'licensed', online: false });
    // A refreshed session (the application's daily check) keeps the same place.
    const refreshed = await refresh(cognito(), pc.session);
    expect(await checkLicense(pc.options, refreshed, key)).toMatchObject({ state: 'licensed' });
    expect((await machinesOf(buyer.user))[0]?.machines.map((m) => m.name)).toEqual(['Desk']);
  });
});

describe('signing a machine out', () => {
  it('frees its place at once; the machine is refused at its next check until its holder signs in on it again', async () => {
    const { buyer, key } = await buyOne();
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => install(buyer.user, `PC ${n}`)));
    for (const i of [a, b, c]) expect(await (i as Install).check(key)).toMatchObject({ state: 'licensed' });
    expect(await (d as Install).check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT' });
    const statementOfA = (await (a as Install).store.read()).statement ?? '';

    const idA = await idOf(a as Install);
    const res = await signOut(buyer.user, key, idA, 'signout-key-0001');
    expect(res.status).toBe(200);
    expect(res.answer).toEqual({
      licenseKey: key,
      machineId: idA,
      worksOfflineUntil: new Date((decodeStatement(statementOfA).exp as number) * 1000).toISOString(),
    });
    // A double click (the same Idempotency-Key) gets the same answer; so does signing it out again.
    expect((await signOut(buyer.user, key, idA, 'signout-key-0001')).answer).toEqual(res.answer);
    expect((await signOut(buyer.user, key, idA)).answer).toEqual(res.answer);
    expect(await namesOn(buyer.user, key)).toEqual(['PC B', 'PC C']);

    // Its place is free at once; the signed-out machine is refused at its next check (same session)
    // and drops its statement. A copy of that statement kept elsewhere still verifies until it expires.
    expect(await (d as Install).check(key)).toMatchObject({ state: 'licensed' });
    expect(await (a as Install).check(key)).toMatchObject({
      state: 'refused',
      code: 'MACHINE_SIGNED_OUT',
      action: 'sign-in',
    });
    expect((await (a as Install).store.read()).statement).toBeUndefined();
    expect(await offlineStatus((a as Install).options)).toMatchObject({
      state: 'refused',
      code: 'NO_STATEMENT',
    });
    const keys = { keys: (await bff.send(licensePublicKey)).answer?.keys ?? [] };
    await expect(verifyStatement(statementOfA, keys, { key, machine: idA })).resolves.toMatchObject({
      machine: idA,
    });

    // Signing in again on it is a new start, subject to the limit: refused while 3 others use it, let
    // in once one of them is signed out. Its old session merely refreshed (a new token of a later
    // second) is not: it stays refused even with a place free, as in Cognito, where a refresh keeps
    // the sign-in's auth_time.
    await sleep(1100); // a session that began after the sign-out (seconds)
    const again = await install(buyer.user, 'PC A');
    await again.store.write({ installationId: idA });
    expect(await again.check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT' });
    expect((await signOut(buyer.user, key, await idOf(b as Install))).status).toBe(200);
    const refreshed = await refresh(cognito(), (a as Install).session);
    expect(refreshed.idToken).not.toBe((a as Install).session.idToken);
    expect(await checkLicense((a as Install).options, refreshed, key)).toMatchObject({
      state: 'refused',
      code: 'MACHINE_SIGNED_OUT',
    });
    expect(await again.check(key)).toMatchObject({ state: 'licensed' });
    expect(await namesOn(buyer.user, key)).toEqual(['PC A', 'PC C', 'PC D']);
  });

  it('an unknown machine id answers 409; the fields are validated', async () => {
    const { buyer, key } = await buyOne();
    const res = await signOut(buyer.user, key, aMachine().id);
    expect({ status: res.status, code: res.error?.code }).toEqual({
      status: 409,
      code: 'MACHINE_NOT_LISTED',
    });
    const bad = await bff.call('PUT', 'sign-out-machine', {
      user: buyer.user,
      body: { licenseKey: key, machineId: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

const decodeStatement = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('changing the holder', () => {
  it("signs out the former holder's machines; 4 changes in 30 days, then 429 with the date; re-sending is not a change", async () => {
    const { buyer, key } = await buyOne();
    const [p, q, r, s] = await Promise.all([bff.newUser(), bff.newUser(), bff.newUser(), bff.newUser()]);
    const own = await install(buyer.user, 'Buyer PC');
    expect(await own.check(key)).toMatchObject({ state: 'licensed' });

    // 1: to P. The buyer's machine is signed out with the change: it gets what any non-holder gets.
    const started = Date.now();
    expect((await assign(buyer, key, p.email)).status).toBe(200);
    expect(await namesOn(buyer.user, key)).toEqual([]);
    expect(await own.check(key)).toMatchObject({ state: 'refused', code: 'NOT_FOUND' });
    const pc = await install(p, 'P laptop');
    expect(await pc.check(key)).toMatchObject({ state: 'licensed' });
    // The buyer sees the holder's machine; the holder sees their own.
    expect(await namesOn(buyer.user, key)).toEqual(['P laptop']);
    expect(await machinesOf(p)).toEqual([
      { key, role: 'holder', machines: [expect.objectContaining({ name: 'P laptop', id: await idOf(pc) })] },
    ]);
    // The holder may sign out their own machine.
    expect((await signOut(p, key, await idOf(pc))).status).toBe(200);
    expect(await pc.check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_SIGNED_OUT' });

    // 2: taken back. 3: to Q. 4: to R.
    const pc2 = await install(p, 'P desktop');
    expect(await pc2.check(key)).toMatchObject({ state: 'licensed' });
    expect((await takeBack(buyer, key)).status).toBe(200);
    expect(await pc2.check(key)).toMatchObject({ state: 'refused', code: 'NOT_FOUND' });
    expect(await machinesOf(p)).toEqual([]);
    expect((await assign(buyer, key, q.email)).status).toBe(200);
    expect((await assign(buyer, key, r.email)).status).toBe(200);
    const rpc = await install(r, 'R laptop');
    expect(await rpc.check(key)).toMatchObject({ state: 'licensed' });

    // 5th: refused, with the date the oldest of the four leaves the 30-day window; nothing changes.
    const fifth = await assign(buyer, key, s.email);
    expect({ status: fifth.status, code: fifth.error?.code }).toEqual({
      status: 429,
      code: 'HOLDER_CHANGE_LIMIT',
    });
    const possible = new Date(started + 30 * 24 * 3600 * 1000);
    const day = possible.toLocaleString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(fifth.error?.message).toContain(day);
    expect((await takeBack(buyer, key)).status).toBe(429);
    expect(await namesOn(buyer.user, key)).toEqual(['R laptop']);
    expect(await rpc.check(key)).toMatchObject({ state: 'licensed' });

    // Sending it to R again (a minute after the last mail) is not a change: allowed at the limit, and
    // R's machine keeps its place.
    await backdateAssignment(key, 2 * 60);
    expect((await assign(buyer, key, r.email)).status).toBe(200);
    expect(await namesOn(buyer.user, key)).toEqual(['R laptop']);
  });
});

/** As if the license had been assigned `seconds` earlier (the re-send wait is a minute). */
async function backdateAssignment(key: string, seconds: number): Promise<void> {
  const found = await findSlotByKey(key);
  const slot = found && (await getSlot(found.uid, found.sk));
  if (!slot?.assignedAt) throw new Error('not assigned');
  await db().update({
    TableName: table(),
    Key: { pk: `USER#${slot.uid}`, sk: slot.sk },
    UpdateExpression: 'SET assignedAt = :at',
    ExpressionAttributeValues: {
      ':at': new Date(Date.parse(slot.assignedAt) - seconds * 1000).toISOString(),
    },
  });
}

describe('a machine not seen for 30 days', () => {
  it('leaves the list by itself, and its place is free', async () => {
    const { buyer, key } = await buyOne();
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => install(buyer.user, `PC ${n}`)));
    for (const i of [a, b, c]) expect(await (i as Install).check(key)).toMatchObject({ state: 'licensed' });
    expect(await (d as Install).check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT' });

    // PC A's last check, 29 days ago: still listed, still holding its place.
    const idA = await idOf(a as Install);
    await setLastSeen(key, idA, 29);
    expect(await namesOn(buyer.user, key)).toEqual(['PC A', 'PC B', 'PC C']);
    expect(await (d as Install).check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT' });
    // 30 days and a minute: gone from the list, and its place taken by PC D.
    await setLastSeen(key, idA, 30, 60);
    expect(await namesOn(buyer.user, key)).toEqual(['PC B', 'PC C']);
    expect(await (d as Install).check(key)).toMatchObject({ state: 'licensed' });
    expect(await namesOn(buyer.user, key)).toEqual(['PC B', 'PC C', 'PC D']);
    // PC A coming back is a new machine, refused while 3 others use the license.
    expect(await (a as Install).check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT' });
  });
});

/** As if `machineId`'s last check had been `days` (and `seconds`) ago: time passing, in the stored record. */
async function setLastSeen(key: string, machineId: string, days: number, seconds = 0): Promise<void> {
  const found = await findSlotByKey(key);
  const slot = found && (await getSlot(found.uid, found.sk));
  if (!slot) throw new Error('no slot');
  const at = Math.floor(Date.now() / 1000) - days * 24 * 3600 - seconds;
  const records = slot.machines.map((m) =>
    m.id === machineId ? { ...m, firstSeen: at, lastSeen: at, validUntil: at + 7 * 24 * 3600 } : m,
  );
  if (!(await writeMachines(slot.uid, slot.sk, slot.machinesVersion, records))) throw new Error('raced');
}

describe('signing in as the application', () => {
  it('refuses a wrong password with a reason the application can show', async () => {
    const person = await bff.newUser();
    await expect(
      signIn(cognito(), person.email, 'not-the-password', () => Promise.resolve('000000')),
    ).rejects.toEqual(new SignInError('wrong-credentials', 'Incorrect email or password.'));
  });
});

describe('other accounts', () => {
  it('cannot see, sign out or take the machines of a license that is not theirs', async () => {
    const { buyer, key } = await buyOne();
    const stranger = await bff.newUser();
    const pc = await install(buyer.user, 'Buyer PC');
    expect(await pc.check(key)).toMatchObject({ state: 'licensed' });
    const id = await idOf(pc);

    expect((await signOut(stranger, key, id)).status).toBe(403);
    const theirs = await bff.send(getMachines, { user: stranger, query: { uid: buyer.user.uid } });
    expect(theirs.status).toBe(403);
    expect(await machinesOf(stranger)).toEqual([]);
    // Their validation of the key, even from the buyer's machine id, is a non-holder's and records nothing.
    const spoof = await bff.send(validateLicense, {
      user: stranger,
      body: { key, machine: { id, name: 'Mine now', platform: 'macos', appVersion: '9.9.9' } },
    });
    expect(spoof.answer).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    expect(await namesOn(buyer.user, key)).toEqual(['Buyer PC']);

    // An assignee cannot sign out machines of a license they do not hold, nor the buyer's other licenses.
    const other = await buyOne();
    const holder = await bff.newUser();
    expect((await assign(other.buyer, other.key, holder.email)).status).toBe(200);
    expect((await signOut(holder, key, id)).status).toBe(403);
    // And the machine id a client sends is only a name: the buyer's machine is still theirs.
    expect(await pc.check(key)).toMatchObject({ state: 'licensed' });
    // Without the machine the request is refused (the desktop application always sends it).
    const bare = await bff.call('POST', 'validate-license', { user: buyer.user, body: { key } });
    expect(bare.status).toBe(400);
  });
});

describe('key rotation', () => {
  it('statements issued before a rotation keep verifying; after the next one, the oldest key is gone', async () => {
    const { buyer, key } = await buyOne();
    const pc = await install(buyer.user, 'Desk');
    expect(await pc.check(key)).toMatchObject({ state: 'licensed' });
    const before = (await pc.store.read()).statement ?? '';
    const firstKid = decodeProtectedHeader(before).kid;
    resetSecrets();
    const original = await getLicenseSigningSecret();
    const pem = () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const rotate = async (next: string, previous: string) => {
      // As the rotation recipe does (docs/deploying.md): the retired key is kept, to endorse the new one.
      await putLocalSecret(bff.info, bff.info.licenseSigningKeyArn, {
        privateKeyPem: next,
        previousPrivateKeyPem: previous,
      });
      await bff.recycleHandlers();
    };
    try {
      const second = pem();
      await rotate(second, original.privateKeyPem);
      const published = (await bff.send(licensePublicKey)).answer;
      expect(published?.keys.map((k) => k.kid)).toEqual([published?.kid, firstKid]);
      expect(published?.kid).not.toBe(firstKid);
      // The statement kept from before verifies with the published keys, offline.
      const keys = { keys: published?.keys ?? [] };
      await expect(verifyStatement(before, keys, { key, machine: await idOf(pc) })).resolves.toBeTruthy();
      // The next check gets a statement of the new key; the client learns the key by its kid.
      expect(await pc.check(key)).toMatchObject({ state: 'licensed', online: true });
      const after = (await pc.store.read()).statement ?? '';
      expect(decodeProtectedHeader(after).kid).toBe(published?.kid);
      // It trusts the new key because the key it shipped with endorsed it, and keeps that endorsement.
      expect((await pc.store.read()).keyEndorsements).toEqual([published?.endorsement]);

      // A second rotation retires the first key: the oldest statement no longer verifies.
      await rotate(pem(), second);
      const latest = { keys: (await bff.send(licensePublicKey)).answer?.keys ?? [] };
      expect(latest.keys.map((k) => k.kid)).not.toContain(firstKid);
      await expect(verifyStatement(before, latest, { key, machine: await idOf(pc) })).rejects.toMatchObject({
        reason: 'unknown-key',
      });
      await expect(verifyStatement(after, latest, { key, machine: await idOf(pc) })).resolves.toBeTruthy();
    } finally {
      await putLocalSecret(bff.info, bff.info.licenseSigningKeyArn, {
        privateKeyPem: original.privateKeyPem,
      });
      await bff.recycleHandlers();
    }
  });
});
