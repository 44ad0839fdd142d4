import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { checkLicense, type LicenseClientOptions } from '../desktop-client/license-client';
import { shippedKeys } from '../lambdas/__tests__/support/machines';
import { signIn as signInApp } from '../desktop-client/sign-in';
import { fileStore } from '../desktop-client/state';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { buyFromLicensesPage, createVerifiedUser, newPage, PASSWORD, stackInfo } from './account-helpers';
import { startSecondFront, type SecondFront } from './second-front';
import { siteUrl } from './site';
import { until } from './until';

// A buyer and the desktop application (the reference client, desktop-client/): the buyer buys a
// license, the application validates it on six computers, the buyer sees them under Devices on
// /licenses, signs one out there, and the application is refused on it at its next check. With the
// default settings every computer is let in (the specification's "unlimited devices with the same
// key"); the same journey on a deployment with machineLimit=3 (a second front door to the stack whose
// handlers have the limit) refuses the 4th with MACHINE_LIMIT until a place is freed.

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

async function signInAt(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/sign-in?next=${encodeURIComponent('/licenses')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/licenses');
}

let installs = 0;
/** The application installed on one more computer, signed in as `email`, against `origin`'s API. */
async function installApp(origin: string, email: string, name: string) {
  const info = await stackInfo();
  const options: LicenseClientOptions = {
    api: `${origin}/api`,
    store: fileStore(path.join(dir, `install-${++installs}`, 'license.json')),
    machine: { name, platform: 'macos', appVersion: '5.2.0' },
    trustedKeys: await shippedKeys(info.api),
  };
  const session = await signInApp(
    { region: info.region, clientId: info.clientId, endpoint: info.cognitoEndpoint },
    email,
    PASSWORD,
    () => Promise.reject(new Error('no two-factor sign-in for this user')),
  );
  return (key: string) => checkLicense(options, session, key);
}

describe('account journeys: devices', () => {
  it.each([
    ['with the default settings, a license is validated on 6 computers', null],
    ['with machineLimit=3, the 4th computer gets MACHINE_LIMIT until one is signed out', 3],
  ] as const)('%s', async (_title, limit) => {
    const front: SecondFront =
      limit === null
        ? { url: siteUrl(), stop: () => Promise.resolve() }
        : await startSecondFront({ machineLimit: limit });
    try {
      const buyer = await newPage(browser());
      const email = await createVerifiedUser('devices-buyer');
      await signInAt(buyer.page, front.url, email);
      await buyer.page.getByText('You have no licenses yet.').waitFor();
      await buyFromLicensesPage(buyer.page);
      await until(() => ownRows(buyer.page).count(), 1);
      const key = (await ownRows(buyer.page).first().locator('code').textContent()) ?? '';
      expect(key).not.toBe('');
      await devices(buyer.page).getByText('No computer uses your licenses yet.').waitFor();

      // The application signs in on six computers and validates the key on each, one after another.
      const names = [
        'Studio iMac',
        'MacBook Air',
        'Mac mini',
        'Office iMac',
        'Home MacBook',
        'Travel MacBook',
      ];
      const computers = await Promise.all(names.map((name) => installApp(front.url, email, name)));
      const results = [];
      for (const check of computers) results.push(await check(key));
      const admitted = limit ?? names.length;
      expect(results.map((r) => r.state)).toEqual(
        names.map((_, i) => (i < admitted ? 'licensed' : 'refused')),
      );
      if (limit !== null) {
        // The 4th is told the license is in use on the 3 that checked first.
        expect(results[3]).toMatchObject({ state: 'refused', code: 'MACHINE_LIMIT', action: 'devices' });
        const message = results[3]?.state === 'refused' ? results[3].message : '';
        expect(message).toContain('in use on 3 computers');
        for (const name of names.slice(0, 3)) expect(message).toContain(name);
      }

      // They appear on /licenses: counted on the license's row, each listed under Devices, with the rule.
      await buyer.page.reload();
      const listed = names.slice(0, admitted);
      for (const name of listed)
        await devices(buyer.page)
          .getByRole('row', { name: new RegExp(name) })
          .waitFor();
      expect(await devices(buyer.page).getByRole('row', { name: /Mac/ }).count()).toBe(listed.length);
      const count = limit === null ? '6 computers' : '3 of 3';
      await ownRows(buyer.page).first().getByRole('cell', { name: count }).waitFor();
      await devices(buyer.page)
        .getByText(limit === null ? /with no limit on how many/ : /works on up to 3 computers at once/)
        .waitFor();
      const machine = devices(buyer.page).getByRole('row', { name: /Studio iMac/ });
      expect(await machine.textContent()).toContain('macOS');
      expect(await machine.textContent()).toContain('5.2.0');

      // Sign out this machine: the confirmation says what happens (axe checks the page with it open).
      await machine.getByRole('button', { name: 'Sign Out Studio iMac' }).click();
      const confirm = buyer.page.getByRole('group', { name: 'Sign Out Studio iMac' });
      await confirm.getByText(/stops using the license the next time it checks/).waitFor();
      expect(await seriousViolations(buyer.page, '/licenses with a sign-out confirmation open')).toBe('');
      await confirm.getByRole('button', { name: 'Confirm Sign Out' }).click();
      await devices(buyer.page)
        .getByRole('status')
        .filter({ hasText: 'Studio iMac is signed out.' })
        .waitFor();
      await ownRows(buyer.page)
        .first()
        .getByRole('cell', { name: limit === null ? '5 computers' : '2 of 3' })
        .waitFor();

      // The application's next check on it is refused, and says what to do.
      expect(await computers[0]?.(key)).toMatchObject({
        state: 'refused',
        code: 'MACHINE_SIGNED_OUT',
        action: 'sign-in',
      });
      // Its place is free: with a limit, the computer refused before gets in now.
      expect(await computers[3]?.(key)).toMatchObject({ state: 'licensed' });
      expect(buyer.errors).toEqual([]);
      await buyer.context.close();
    } finally {
      await front.stop();
    }
  });
});
