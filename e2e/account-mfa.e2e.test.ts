import fs from 'node:fs';
import path from 'node:path';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { builtPages } from './built-pages';
import { PUBLIC_DIR, readPublic, siteUrl } from './site';
import { atSignIn, createVerifiedUser, newPage, PASSWORD, signIn } from './account-helpers';

// Two-factor sign-in with an authenticator app, as a person does it: turn it on from /profile (the
// test is the authenticator app: it reads the setup key from the page and computes codes with otplib),
// which signs out every session: sign in with a code after a wrong one, turn it off with the password and
// a code, which signs out every session again: sign in with the password alone.

const browser = sharedBrowser();
const WRONG_CODE = 'Incorrect code. Enter the 6-digit code your authenticator app shows now.';
/** A string of the qrcode library's own code, to tell where it was loaded. */
const QRCODE_MARKER = 'BitMatrix size must be defined';

/** The code the app shows now, and one no window around now accepts. */
const codeFor = (secret: string) => generateSync({ secret });
function wrongCodeFor(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-60, -30, 0, 30, 60].map((d) => generateSync({ secret, epoch: now + d })));
  for (let n = 1; ; n += 1) {
    const candidate = String((Number(codeFor(secret)) + 111_111 * n) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

async function submitPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('two-factor sign-in with an authenticator app', () => {
  it('turns on, signs in with a code (a wrong one refused), and turns off with password and code', async () => {
    const { context, page, errors } = await newPage(browser());
    const found: string[] = [];
    const check = async (state: string) => {
      const text = await seriousViolations(page, state);
      if (text) found.push(text);
    };
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.url());
    });

    const email = await createVerifiedUser('mfa');
    await signIn(page, email, PASSWORD, '/profile');
    const section = page.getByRole('region', { name: 'Two-Factor Sign-In' });
    const setUp = section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' });
    await setUp.waitFor();
    await check('/profile, two-factor off');

    // Turn on: QR code and key, a wrong first code, then the right one.
    const beforeSetup = scripts.length;
    await setUp.click();
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The QR code library arrived with the click, not before.
    const late = await Promise.all(scripts.slice(beforeSetup).map((url) => fetch(url).then((r) => r.text())));
    expect(late.some((js) => js.includes(QRCODE_MARKER))).toBe(true);
    await check('/profile, setting up two-factor');

    await section.getByLabel('Authentication Code').fill(wrongCodeFor(secret));
    await section.getByRole('button', { name: 'Turn On' }).click();
    await section.getByText(WRONG_CODE).waitFor();
    await check('/profile, a wrong first code');
    await section.getByLabel('Authentication Code').fill(codeFor(secret));
    await section.getByRole('button', { name: 'Turn On' }).click();

    // Every session ended, this one too: sign in again, where the password alone no longer does.
    await atSignIn(page);
    await page.getByText('Two-factor sign-in is on, and you were signed out on every device.').waitFor();
    await submitPassword(page, email);
    const code = page.getByLabel('Authentication Code');
    await code.waitFor();
    await page.getByText('Lost your phone?').waitFor();
    await check('/sign-in, asking for the code');
    await code.fill(wrongCodeFor(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: WRONG_CODE }).waitFor();
    await check('/sign-in, a wrong code');
    expect(new URL(page.url()).pathname).toMatch(/^\/sign-in\/?$/);
    await code.fill(codeFor(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();

    // Turn off: a wrong password, a wrong code, then both right.
    await page.goto(`${siteUrl()}/profile`);
    const turnOff = section.getByRole('button', { name: 'Turn Off' });
    await turnOff.waitFor();
    await check('/profile, two-factor on');
    await section.getByLabel('Current Password').fill('not-my-password');
    await section.getByLabel('Authentication Code').fill(codeFor(secret));
    await turnOff.click();
    await section.getByText('Incorrect current password.').waitFor();
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByLabel('Authentication Code').fill(wrongCodeFor(secret));
    await turnOff.click();
    await section.getByText(WRONG_CODE).waitFor();
    await check('/profile, turning off with a wrong code');
    await section.getByLabel('Authentication Code').fill(codeFor(secret));
    await turnOff.click();

    // Every session ended again; the password alone signs in, at once.
    await atSignIn(page);
    await page.getByText('Two-factor sign-in is off, and you were signed out on every device.').waitFor();
    await signIn(page, email, PASSWORD, '/profile');
    await setUp.waitFor();

    expect(found.join('\n\n')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the QR code library on no page, until someone sets up two-factor sign-in', () => {
    for (const file of builtPages()) {
      const srcs = [...readPublic(file).matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '');
      for (const src of srcs.filter((s) => s.startsWith('/'))) {
        const code = fs.readFileSync(path.join(PUBLIC_DIR, src.split('?')[0] ?? ''), 'utf8');
        if (code.includes(QRCODE_MARKER)) throw new Error(`${file} loads the QR code library (${src})`);
      }
    }
  });
});
