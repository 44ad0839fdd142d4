import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { startSignIn, turnOnTwoFactor } from '../lambdas/__tests__/support/two-factor';
import { support } from '../scripts/support/run';
import { createVerifiedUser, PASSWORD, stackInfo, waitForMail } from './account-helpers';
import { NARROW_WIDTHS, outsideValueColumn, overflowAtEachWidth } from './layout';
import { siteUrl } from './site';
import { SETTLE_MS } from './until';

// Passkeys as a person uses them, with Chromium's virtual authenticator standing in for the device's
// (the DevTools Protocol's WebAuthn domain: a platform authenticator that verifies its user): add one on
// /profile (every session ends, and the person is led to sign in again), sign in with it (another
// device, without it, is told so), remove it (signed out again), and the same sign-in is then refused. e2e/run.ts starts the stack with passkeys on and builds the site with
// GATSBY_PASSKEYS.

const browser = sharedBrowser();
const NO_PASSKEY =
  'This account has no passkey yet. Sign in with your password; you can add a passkey on your profile.';
const ADDED =
  'Passkey added, and you were signed out on every device. Sign in with your passkey, or with your password.';
const REMOVED =
  'Passkey removed, and you were signed out on every device. It no longer signs you in: sign in with your password or another passkey.';
const REMOVED_BY_SUPPORT =
  'Your passkeys are removed, as you asked support, and you were signed out on every device. Sign in with your password.';
const OTHER_DEVICE =
  'The passkey prompt was closed or timed out, or this device has no passkey for this account. Try again, or sign in with your password.';
/** PASSKEY_SCREENS=<dir>: the Passkeys section is photographed there, on a desk and a phone, light and dark. */
const SCREENS_DIR = process.env.PASSKEY_SCREENS;

/**
 * The site as the browser must see it: WebAuthn refuses an IP address as the relying party, and the local
 * Cognito's relying party is localhost (dev/cognito/passkey-settings.ts).
 */
const site = (): string => {
  const url = new URL(siteUrl());
  url.hostname = 'localhost';
  return url.origin;
};

async function withAuthenticator(
  context: BrowserContext,
): Promise<{ page: Page; cdp: CDPSession; id: string }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      // The person touches the sensor at once: no prompt waits.
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, id: authenticatorId };
}

async function passkeySignIn(page: Page, email: string): Promise<void> {
  await page.goto(`${site()}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign In With a Passkey' }).click();
}

/** Signs in with the password at the site's localhost address and adds a passkey on /profile. */
async function addPasskeyAfterPassword(page: Page, email: string): Promise<void> {
  await page.goto(`${site()}/sign-in?next=%2Fprofile`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a Passkey' }).click();
  await signedOutWith(page, ADDED);
}

/** After a change of passkeys: on /sign-in, signed out, with the note that says why. */
async function signedOutWith(page: Page, note: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: note }).waitFor();
  expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/sign-in');
  await expect(page.getByRole('button', { name: 'Account', exact: true }).count()).resolves.toBe(0);
}

async function photograph(page: Page, name: string, part = page.locator('main')): Promise<void> {
  if (!SCREENS_DIR) return;
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  for (const width of [1280, NARROW_WIDTHS[1]]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await part.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('passkeys', () => {
  it('adds one on /profile, signs in with it (a device without it is refused in words), removes it, and it signs in no more', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(SETTLE_MS);
    const { page, cdp, id } = await withAuthenticator(context);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
    const email = await createVerifiedUser('passkey');

    // No passkey yet: the passkey button says so and hands over to the password, no prompt waits.
    await passkeySignIn(page, email);
    await page.getByRole('alert').filter({ hasText: NO_PASSKEY }).waitFor();
    await photograph(page, 'sign-in-no-passkey');
    await expect(page.getByLabel('Password').evaluate((el) => el === document.activeElement)).resolves.toBe(
      true,
    );
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();

    // Add one: the browser's prompt (the virtual authenticator answers it); every session ends, and the
    // sign-in page says so.
    await page.goto(`${site()}/profile`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Add a Passkey' }).click();
    await signedOutWith(page, ADDED);
    await photograph(page, 'sign-in-passkey-added');
    await waitForMail(email, /A passkey was added to your Stockbench account/);

    // Back in with the passkey alone: on to the account's pages; the list shows it.
    await passkeySignIn(page, email);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home/');
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
    await page.goto(`${site()}/profile`);
    const row = section.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Passkey' }) });
    await row.waitFor();
    // Added today (the long date the site writes, such as "March 4, 2026").
    await expect(row.getByRole('cell').first().textContent()).resolves.toMatch(
      new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${new Date().getUTCFullYear()}$`),
    );
    const held = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
    expect(held.credentials).toHaveLength(1);
    expect(held.credentials[0]?.rpId).toBe('localhost');

    // The list on a phone: nothing sticks out, each cell's text stays in its column; and axe finds nothing.
    await expect(overflowAtEachWidth(page, '/profile with a passkey')).resolves.toEqual([]);
    await page.setViewportSize({ width: NARROW_WIDTHS[1], height: 800 });
    await expect(outsideValueColumn(row.locator('td[data-label]').first())).resolves.toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(seriousViolations(page, '/profile with a passkey')).resolves.toBe('');
    await photograph(page, 'profile-passkeys', section);

    // Another device, without this passkey: its prompt finds none, and the page says so in words.
    const other = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    other.setDefaultTimeout(SETTLE_MS);
    const { page: elsewhere } = await withAuthenticator(other);
    await passkeySignIn(elsewhere, email);
    await elsewhere.getByRole('alert').filter({ hasText: OTHER_DEVICE }).waitFor();
    expect(new URL(elsewhere.url()).pathname.replace(/\/$/, '')).toBe('/sign-in');
    await other.close();

    // Remove it, after the confirmation: signed out everywhere again.
    await section.getByRole('button', { name: 'Remove Passkey 1' }).click();
    await section
      .getByRole('group', { name: 'Remove Passkey 1' })
      .getByRole('button', { name: 'Confirm Remove' })
      .click();
    await signedOutWith(page, REMOVED);
    await waitForMail(email, /A passkey was removed from your Stockbench account/);

    // The device still holds it, but Cognito no longer takes it: the password form takes over.
    await passkeySignIn(page, email);
    await page.getByRole('alert').filter({ hasText: NO_PASSKEY }).waitFor();
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/sign-in');
    await expect(cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).resolves.toMatchObject({
      credentials: [expect.anything()],
    });
    expect(errors).toEqual([]);
    await context.close();
  });
  it('support removes the passkeys of a lost device: the next sign-in removes them and signs out, and the passkey signs in no more', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(SETTLE_MS);
    const { page } = await withAuthenticator(context);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
    const email = await createVerifiedUser('passkey-support');
    await addPasskeyAfterPassword(page, email);
    await waitForMail(email, /A passkey was added to your Stockbench account/);

    // Support runs its command against this stack, as `npm run support -- remove-passkeys` does.
    const lines: string[] = [];
    const env = { LOCAL_DIR: process.env.E2E_STACK_DIR ?? '' };
    await expect(support(['remove-passkeys', email], env, 'e2e-support', (l) => lines.push(l))).resolves.toBe(
      0,
    );

    // The owner signs in with the password and opens an account page: the site removes the passkeys,
    // then every session ends and the sign-in page says what happened.
    await page.goto(`${site()}/sign-in?next=%2Flicenses`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signedOutWith(page, REMOVED_BY_SUPPORT);
    await waitForMail(email, /A passkey was removed from your Stockbench account/);

    // The device still holds the passkey, but Cognito no longer takes it.
    await passkeySignIn(page, email);
    await page.getByRole('alert').filter({ hasText: NO_PASSKEY }).waitFor();
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/sign-in');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('with two-factor sign-in on, asks for the authenticator-app code after the passkey', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(SETTLE_MS);
    const { page } = await withAuthenticator(context);
    const email = await createVerifiedUser('passkey-mfa');
    await addPasskeyAfterPassword(page, email);

    // Two-factor sign-in turned on through Cognito, as /profile's setup does it.
    const info = await stackInfo();
    const cognito = new CognitoIdentityProviderClient({
      region: info.region,
      endpoint: info.cognitoEndpoint,
      credentials: { accessKeyId: 'anyone', secretAccessKey: 'anyone' },
    });
    const { accessToken = '' } = await startSignIn(cognito, info.clientId, email, PASSWORD);
    const secret = await turnOnTwoFactor(cognito, accessToken);

    // A new visit (the change ends the old session anyway): the passkey, then the code.
    await page.evaluate(() => window.localStorage.clear());
    await passkeySignIn(page, email);
    await page.getByLabel('Authentication Code').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home/');
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
    await context.close();
  });
});
