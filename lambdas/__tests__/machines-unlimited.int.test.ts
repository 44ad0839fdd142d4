import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkLicense, type LicenseClientOptions } from '../../desktop-client/license-client';
import { signIn } from '../../desktop-client/sign-in';
import { fileStore } from '../../desktop-client/state';
import { verifyStatement } from '../../desktop-client/statement';
import { getMachines } from '../endpoints/get-machines/contract';
import { licensePublicKey } from '../endpoints/license-public-key/contract';
import { signOutMachine } from '../endpoints/sign-out-machine/contract';
import { licensesOf, subscribe } from './support/accounts';
import { startBff, type Bff, type User } from './support/bff';
import { expectInvariants } from './support/invariants';
import { shippedKeys } from './support/machines';

// The machines a license runs on with the default settings: the specification's "unlimited devices
// with the same key". Every machine that checks in is let in and listed, and everything else about
// machines holds: the holder signs one out and it is refused at its next check, and each statement is
// bound to its machine. (With a deployment's limit: machines.int.test.ts.)

let bff: Bff;
let dir: string;
beforeAll(async () => {
  bff = await startBff();
  dir = await mkdtemp(path.join(os.tmpdir(), 'machines-unlimited-'));
});
afterAll(async () => {
  await bff?.stop();
  await rm(dir, { recursive: true, force: true });
});

let installs = 0;
async function install(user: User, name: string) {
  const store = fileStore(path.join(dir, `install-${++installs}`, 'license.json'));
  const options: LicenseClientOptions = {
    api: bff.info.api,
    store,
    machine: { name, platform: 'macos', appVersion: '5.2.0' },
    trustedKeys: await shippedKeys(bff.info.api),
  };
  const cognito = {
    region: bff.info.region,
    clientId: bff.info.clientId,
    endpoint: bff.info.cognitoEndpoint,
  };
  const session = await signIn(cognito, user.email, user.password, () => {
    throw new Error('no two-factor sign-in for this user');
  });
  return { store, check: (key: string) => checkLicense(options, session, key) };
}

const machinesOf = async (user: User) => {
  const res = await bff.send(getMachines, { user, query: { uid: user.uid } });
  expect(res.status).toBe(200);
  return res.answer;
};

describe('by default, no limit on machines', () => {
  it('lets 6 machines validating at once all in, lists each, and binds each statement to its machine', async () => {
    const buyer = await subscribe(bff, 1);
    const [license] = await licensesOf(bff, buyer.user);
    const key = license?.key ?? '';
    const names = ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => `Mac ${n}`);
    const six = await Promise.all(names.map((n) => install(buyer.user, n)));

    const results = await Promise.all(six.map((i) => i.check(key)));
    expect(results.map((r) => r.state)).toEqual(Array(6).fill('licensed'));

    const answer = await machinesOf(buyer.user);
    expect(answer?.machineLimit).toBeNull();
    const listed = answer?.licenses.find((l) => l.key === key)?.machines ?? [];
    expect(listed.map((m) => m.name).sort()).toEqual(names);

    // Each statement names its own machine: it verifies for that machine and for no other.
    const keys = { keys: (await bff.send(licensePublicKey)).answer?.keys ?? [] };
    const [first, second] = await Promise.all(six.slice(0, 2).map((i) => i.store.read()));
    await expect(
      verifyStatement(first?.statement ?? '', keys, { key, machine: first?.installationId ?? '' }),
    ).resolves.toBeTruthy();
    await expect(
      verifyStatement(first?.statement ?? '', keys, { key, machine: second?.installationId ?? '' }),
    ).rejects.toBeTruthy();
    await expectInvariants(bff, buyer.user.uid);
  });

  it('still signs a machine out: it is refused at its next check, the others keep working', async () => {
    const buyer = await subscribe(bff, 1);
    const [license] = await licensesOf(bff, buyer.user);
    const key = license?.key ?? '';
    const [lost, kept] = await Promise.all([install(buyer.user, 'Lost laptop'), install(buyer.user, 'Desk')]);
    expect(await lost?.check(key)).toMatchObject({ state: 'licensed' });
    expect(await kept?.check(key)).toMatchObject({ state: 'licensed' });

    const machineId = (await lost?.store.read())?.installationId ?? '';
    const res = await bff.send(signOutMachine, { user: buyer.user, body: { licenseKey: key, machineId } });
    expect(res.status).toBe(200);

    expect(await lost?.check(key)).toMatchObject({ state: 'refused', code: 'MACHINE_SIGNED_OUT' });
    expect(await kept?.check(key)).toMatchObject({ state: 'licensed' });
    const listed = (await machinesOf(buyer.user))?.licenses.find((l) => l.key === key)?.machines ?? [];
    expect(listed.map((m) => m.name)).toEqual(['Desk']);
  });
});
