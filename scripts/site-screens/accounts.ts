import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { checkLicense } from '../../desktop-client/license-client';
import { signIn as signInApp } from '../../desktop-client/sign-in';
import { fileStore } from '../../desktop-client/state';
import { shippedKeys } from '../../lambdas/__tests__/support/machines';
import {
  createVerifiedUser,
  fillCard,
  newPage,
  PASSWORD,
  signIn,
  stackInfo,
  submitSignUp,
  uniqueEmail,
} from '../../e2e/account-helpers';
import { siteUrl } from '../../e2e/site';

// The accounts whose pages are photographed, made through the site as a person makes them: a buyer
// with a subscription of three licenses (one assigned to the holder, one used on a computer), the
// holder, a shopper who has not paid yet, and an address that signed up but never verified.

export interface Accounts {
  /** Storage state files (localStorage holds the session), by account. */
  storage: Record<'buyer' | 'holder' | 'shopper', string>;
  unverified: string;
  /** The buyer's update-card page and the shopper's unpaid checkout. */
  updateCardPath: string;
  checkoutPath: string;
}

const ownRows = (page: Page) => page.getByRole('region', { name: 'Your Licenses' }).locator('tbody tr');

async function saveSession(page: Page, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.json`);
  await page.context().storageState({ path: file });
  return file;
}

async function makeBuyer(browser: Browser, dir: string, holder: string) {
  const { context, page } = await newPage(browser);
  const email = await createVerifiedUser('screens-buyer');
  await signIn(page, email, undefined, '/licenses');
  await page.getByText('You have no licenses yet.').waitFor();
  await page.getByLabel('Number of licenses').fill('3');
  await page.getByRole('button', { name: 'Buy Licenses' }).click();
  await page.waitForURL(/\/checkout/);
  await page.getByLabel('Credit or debit card number').waitFor();
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
  await page.getByText('VISA ending in 4242').waitFor();
  await ownRows(page).nth(2).waitFor();

  // The second license goes to the holder; the first is used on a computer.
  const second = ownRows(page).nth(1);
  await second.getByRole('button', { name: 'Assign', exact: true }).click();
  const form = page.getByRole('form', { name: /^Assign license/ });
  await form.getByLabel('Email address').fill(holder);
  await form.getByRole('button', { name: 'Assign', exact: true }).click();
  await second.getByRole('cell', { name: holder, exact: true }).waitFor();
  const key = (await ownRows(page).first().locator('code').textContent()) ?? '';
  const info = await stackInfo();
  const session = await signInApp(
    { region: info.region, clientId: info.clientId, endpoint: info.cognitoEndpoint },
    email,
    PASSWORD,
    () => Promise.reject(new Error('no two-factor sign-in for this user')),
  );
  const options = {
    api: info.api,
    store: fileStore(path.join(dir, 'desktop-license.json')),
    machine: { name: 'Studio iMac', platform: 'macos' as const, appVersion: '5.2.0' },
    // The keys a release of the application ships with: the local stack's published ones.
    trustedKeys: await shippedKeys(info.api),
  };
  const status = await checkLicense(options, session, key);
  if (status.state !== 'licensed') throw new Error(`the computer was refused: ${JSON.stringify(status)}`);

  const href = await page.getByRole('link', { name: 'Update Card' }).getAttribute('href');
  if (!href) throw new Error('no Update Card link on the buyer’s licenses page');
  const storage = await saveSession(page, dir, 'buyer');
  await context.close();
  return { storage, updateCardPath: href };
}

async function makeShopper(browser: Browser, dir: string) {
  const { context, page } = await newPage(browser);
  await signIn(page, await createVerifiedUser('screens-shopper'), undefined, '/licenses');
  await page.getByText('You have no licenses yet.').waitFor();
  const storage = await saveSession(page, dir, 'shopper');
  await context.close();
  return storage;
}

/** The shopper starts a checkout and leaves it: its link, for the checkout page's pictures. */
export async function startCheckout(browser: Browser, storage: string): Promise<string> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${siteUrl()}/licenses`);
  const answer = page.waitForResponse((res) => res.url().includes('/api/setup-checkout'));
  await page.getByRole('button', { name: 'Buy Licenses' }).click();
  const { sec } = (await (await answer).json()) as { sec: string };
  await page.getByLabel('Credit or debit card number').waitFor();
  await context.close();
  return `/checkout?sec=${encodeURIComponent(sec)}&count=1`;
}

export async function makeAccounts(browser: Browser, dir: string): Promise<Accounts> {
  fs.mkdirSync(dir, { recursive: true });
  const holderEmail = await createVerifiedUser('screens-holder');
  const holder = await newPage(browser);
  await signIn(holder.page, holderEmail, undefined, '/licenses');
  const holderStorage = await saveSession(holder.page, dir, 'holder');
  await holder.context.close();

  const buyer = await makeBuyer(browser, dir, holderEmail);
  const shopper = await makeShopper(browser, dir);

  // Signed up, never verified: the sign-in goes to /must-verify-email each time it is photographed.
  const unverified = uniqueEmail('screens-new');
  const signup = await newPage(browser);
  await submitSignUp(signup.page, unverified);
  await signup.page.waitForURL(/\/sign-in/);
  await signup.context.close();

  return {
    storage: { buyer: buyer.storage, holder: holderStorage, shopper },
    unverified,
    updateCardPath: buyer.updateCardPath,
    checkoutPath: '',
  };
}
