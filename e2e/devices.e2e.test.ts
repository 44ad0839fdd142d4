import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { checkLicense, type LicenseClientOptions } from '../desktop-client/license-client';
import { signIn as signInApp } from '../desktop-client/sign-in';
import { fileStore } from '../desktop-client/state';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import {
  buyFromLicensesPage,
  createVerifiedUser,
  newPage,
  PASSWORD,
  signIn,
  stackInfo,
} from './account-helpers';
import { until } from './until';

// A buyer and the desktop application (the reference client, desktop-client/): the buyer buys a
// license, the application validates it on a computer, the buyer sees that computer under Devices on
// /licenses, signs it out there, and the application is refused at its next check.

const browser = sharedBrowser();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-devices-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ownRows = (page: Page) => page.getByRole('region', { name: 'Your Licenses' }).locator('tbody tr');
const devices = (page: Page) => page.getByRole('region', { name: 'Devices' });

describe('account journeys: devices', () => {
  it('the buyer sees a computer appear after the application validates, signs it out, and the application is refused', async () => {
    const buyer = await newPage(browser());
    const email = await createVerifiedUser('devices-buyer');
    await signIn(buyer.page, email, undefined, '/licenses');
    await buyer.page.getByText('You have no licenses yet.').waitFor();
    await buyFromLicensesPage(buyer.page);
    await until(() => ownRows(buyer.page).count(), 1);
    const key = (await ownRows(buyer.page).first().locator('code').textContent()) ?? '';
    expect(key).not.toBe('');
    await devices(buyer.page).getByText('No computer uses your licenses yet.').waitFor();

    // The application signs in on a computer and validates the key.
    const info = await stackInfo();
    const options: LicenseClientOptions = {
      api: info.api,
      store: fileStore(path.join(dir, 'license.json')),
      machine: { name: 'Studio iMac', platform: 'macos', appVersion: '5.2.0' },
    };
    const session = await signInApp(
      { region: info.region, clientId: info.clientId, endpoint: info.cognitoEndpoint },
      email,
      PASSWORD,
      () => Promise.reject(new Error('no two-factor sign-in for this user')),
    );
    expect(await checkLicense(options, session, key)).toMatchObject({ state: 'licensed', online: true });

    // It appears on /licenses: counted on the license's row and listed under Devices.
    await buyer.page.reload();
    const machine = devices(buyer.page).getByRole('row', { name: /Studio iMac/ });
    await machine.waitFor();
    expect(await machine.textContent()).toContain('macOS');
    expect(await machine.textContent()).toContain('5.2.0');
    await ownRows(buyer.page).first().getByRole('cell', { name: '1 of 3' }).waitFor();

    // Sign out this machine: the confirmation says what happens (axe checks the page with it open).
    await machine.getByRole('button', { name: 'Sign out this machine (Studio iMac)' }).click();
    const confirm = buyer.page.getByRole('group', { name: 'Sign out Studio iMac' });
    await confirm.getByText(/stops using the license the next time it checks/).waitFor();
    expect(await seriousViolations(buyer.page, '/licenses with a sign-out confirmation open')).toBe('');
    await confirm.getByRole('button', { name: 'Confirm sign out' }).click();
    await devices(buyer.page).getByRole('status').filter({ hasText: 'Studio iMac is signed out.' }).waitFor();
    await devices(buyer.page).getByText('No computer uses your licenses yet.').waitFor();
    await ownRows(buyer.page).first().getByRole('cell', { name: '0 of 3' }).waitFor();

    // The application's next check is refused, and it says what to do.
    expect(await checkLicense(options, session, key)).toMatchObject({
      state: 'refused',
      code: 'MACHINE_SIGNED_OUT',
      action: 'sign-in',
    });
    await buyer.context.close();
  });
});
