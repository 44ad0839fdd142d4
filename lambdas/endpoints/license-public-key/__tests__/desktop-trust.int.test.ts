import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';
import {
  checkLicense,
  offlineStatus,
  type LicenseClientOptions,
} from '../../../../desktop-client/license-client';
import { signIn, type Session } from '../../../../desktop-client/sign-in';
import { fileStore } from '../../../../desktop-client/state';
import { listen, type RunningServer } from '../../../../dev/listen';
import { assignLicense } from '../../assign-license/contract';
import { takeBackLicense } from '../../take-back-license/contract';
import { db, table } from '../../../lib/repository/client';
import { findSlotByKey } from '../../../lib/repository/licenses';
import { licensesOf, subscribe, type Subscribed } from '../../../__tests__/support/accounts';
import { startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { shippedKeys } from '../../../__tests__/support/machines';

// The reference desktop client (desktop-client/) trusts only the keys it ships with and the keys
// they endorse, never what its state file says; it works from its kept statement only when the API
// cannot be reached, and a definite refusal stops it at once. Played as someone who edits the state
// file, and as someone who blocks the API once the license is taken away.

let bff: Bff;
let dir: string;
let unreachable: string;
let firewall: RunningServer;
beforeAll(async () => {
  bff = await startBff();
  dir = await mkdtemp(path.join(os.tmpdir(), 'desktop-trust-'));
  // An address nothing listens on: the network is down.
  const closed = await listen(http.createServer(), 0);
  unreachable = `${closed.url}/api`;
  await closed.stop();
  // A filter between the application and the API that answers every request itself.
  firewall = await listen(
    http.createServer((_req, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('Blocked')),
    0,
  );
});
afterAll(async () => {
  await firewall?.stop();
  await bff?.stop();
  await rm(dir, { recursive: true, force: true });
});

let installs = 0;
/** An installation of the application for `user`, licensed with `key` by a first check. */
async function installed(user: User, key: string) {
  const file = path.join(dir, `install-${++installs}`, 'license.json');
  const options: LicenseClientOptions = {
    api: bff.info.api,
    store: fileStore(file),
    machine: { name: `PC ${installs}`, platform: 'windows', appVersion: '5.2.0' },
    trustedKeys: await shippedKeys(bff.info.api),
  };
  const session: Session = await signIn(
    { region: bff.info.region, clientId: bff.info.clientId, endpoint: bff.info.cognitoEndpoint },
    user.email,
    user.password,
    () => Promise.reject(new Error('no two-factor sign-in')),
  );
  expect(await checkLicense(options, session, key)).toMatchObject({ state: 'licensed', online: true });
  const at = (api: string) => ({ ...options, api });
  return { file, options, session, at };
}

const keyOf = async (buyer: Subscribed) => (await licensesOf(bff, buyer.user))[0]?.key ?? '';

describe('a forged state file', () => {
  it('is not trusted: a statement signed by a key of the editor’s own, with that key in the file, licenses nothing', async () => {
    const buyer = await subscribe(bff, 1);
    const key = await keyOf(buyer);
    const app = await installed(buyer.user, key);
    const kept = JSON.parse(await readFile(app.file, 'utf8')) as { installationId: string };

    // The editor's own key, a ten-year statement for this license and machine, and the key "published".
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const { kty, crv, x } = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint({ kty, crv, x });
    const jwk = { kty, crv, x, kid, alg: 'EdDSA' as const, use: 'sig' as const };
    const forged = await new SignJWT({ key, machine: kept.installationId, tools: 'all' })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'license+jwt' })
      .setIssuer('stockbench-license')
      .setSubject(buyer.user.uid)
      .setIssuedAt()
      .setExpirationTime('3650d')
      .sign(privateKey);
    const selfEndorsed = await new SignJWT({ keys: [jwk] })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'license-keys+jwt' })
      .setIssuer('stockbench-license')
      .sign(privateKey);
    await writeFile(
      app.file,
      JSON.stringify({
        ...kept,
        licenseKey: key,
        statement: forged,
        publishedKeys: { keys: [jwk] },
        keyEndorsements: [selfEndorsed],
      }),
    );

    expect(await offlineStatus(app.options)).toMatchObject({ state: 'refused', code: 'NO_STATEMENT' });
    expect(await checkLicense(app.at(unreachable), app.session, key)).toMatchObject({ state: 'refused' });
  });
});

describe('a definite refusal stops the application at once, even with the API blocked afterwards', () => {
  /** After the refusal the API is unreachable: the kept statement must not license it any more. */
  const blockedAfterwards = async (app: Awaited<ReturnType<typeof installed>>, key: string) => {
    expect(await offlineStatus(app.options)).toMatchObject({ state: 'refused' });
    expect(await checkLicense(app.at(unreachable), app.session, key)).toMatchObject({ state: 'refused' });
  };

  it('the license taken back from its holder (not the holder any more)', async () => {
    const buyer = await subscribe(bff, 1);
    const key = await keyOf(buyer);
    const holder = await bff.newUser();
    const ids = { customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, licenseKey: key };
    expect(
      (await bff.send(assignLicense, { user: buyer.user, body: { ...ids, email: holder.email } })).status,
    ).toBe(200);
    const app = await installed(holder, key);
    expect((await bff.send(takeBackLicense, { user: buyer.user, body: ids })).status).toBe(200);
    expect(await checkLicense(app.options, app.session, key)).toMatchObject({
      state: 'refused',
      code: 'NOT_FOUND',
    });
    await blockedAfterwards(app, key);
  });

  it('the license ended', async () => {
    const buyer = await subscribe(bff, 1);
    const key = await keyOf(buyer);
    const app = await installed(buyer.user, key);
    const slot = await findSlotByKey(key);
    await db().update({
      TableName: table(),
      Key: { pk: `USER#${slot?.uid ?? ''}`, sk: slot?.sk ?? '' },
      UpdateExpression: 'SET expirationDate = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 86_400_000).toISOString() },
    });
    expect(await checkLicense(app.options, app.session, key)).toMatchObject({
      state: 'refused',
      code: 'EXPIRED',
    });
    await blockedAfterwards(app, key);
  });

  it('signed out everywhere (the session refused)', async () => {
    const buyer = await subscribe(bff, 1);
    const key = await keyOf(buyer);
    const app = await installed(buyer.user, key);
    expect((await bff.call('POST', 'sign-out-everywhere', { user: buyer.user, body: {} })).status).toBe(200);
    expect(await checkLicense(app.options, app.session, key)).toMatchObject({
      state: 'refused',
      code: 'SIGNED_OUT',
    });
    await blockedAfterwards(app, key);
  });

  it('an answer that is not the API’s (a filter answering 403) is no license; only a network failure falls back', async () => {
    const buyer = await subscribe(bff, 1);
    const key = await keyOf(buyer);
    const app = await installed(buyer.user, key);
    expect(await checkLicense(app.at(`${firewall.url}/api`), app.session, key)).toMatchObject({
      state: 'refused',
      code: 'CHECK_REFUSED',
    });
    // The network down is not a refusal: the statement it kept works until it expires.
    expect(await checkLicense(app.at(unreachable), app.session, key)).toMatchObject({
      state: 'licensed',
      online: false,
    });
  });
});
