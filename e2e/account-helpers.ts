import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureVerifiedUser } from '../dev/cognito/setup';
import type { OutboxMessage } from '../dev/outbox';
import { readStackInfo, type StackInfo } from '../dev/stack-info';
import { siteUrl } from './site';
import { recordTraffic } from './traffic';
import { SETTLE_MS, until } from './until';

// Helpers for the account journeys: the running stack (E2E_STACK_DIR), fresh users, the outbox, and
// the steps a person repeats (signing in, filling the card field).

let cached: StackInfo | undefined;

export async function stackInfo(): Promise<StackInfo> {
  if (cached) return cached;
  const dir = process.env.E2E_STACK_DIR;
  if (!dir) throw new Error('E2E_STACK_DIR is not set: run the browser tests through `npm run test:e2e`');
  const info = await readStackInfo(dir);
  if (!info) throw new Error(`No stack.json in ${dir}`);
  cached = info;
  return info;
}

export const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;

export const PASSWORD = 'secret-123';

/** A confirmed user with a verified email, created through Cognito's admin API (no mail). */
export async function createVerifiedUser(tag: string, password = PASSWORD): Promise<string> {
  const info = await stackInfo();
  const email = uniqueEmail(tag);
  await ensureVerifiedUser(info.cognitoEndpoint, info.userPoolId, email, password);
  return email;
}

/** A mail as the outbox serves it (messages.json). */
type Mail = OutboxMessage;

/** The newest mail to `to` whose text matches, waiting for it to arrive. */
export async function waitForMail(to: string, match: RegExp, count = 1): Promise<Mail> {
  const info = await stackInfo();
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const res = await fetch(`${info.outbox}/messages.json?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    const found = mails.filter((m) => match.test(m.html) || match.test(m.subject));
    if (found.length >= count && found[0]) return found[0];
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${match} (have ${mails.length})`);
    await sleep(250);
  }
}

/** The link of a mail that opens /auth with this mode, on the site under test. */
export function actionLink(mail: Mail, mode: string): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
  const href = hrefs.find((h) => h.includes(`mode=${mode}`));
  if (!href) throw new Error(`No ${mode} link in "${mail.subject}"`);
  const url = new URL(href);
  return `${siteUrl()}${url.pathname}${url.search}`;
}

/** Opens a mail's verification link and gives the account's password, as that page asks first. */
export async function openVerifyLink(page: Page, mail: Mail, password = PASSWORD): Promise<void> {
  await page.goto(actionLink(mail, 'verifyEmail'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Verify Email' }).click();
}

/** The link of a mail to this page of the site (its path, e.g. /sign-up), on the site under test. */
export function siteLink(mail: Mail, pathname: string): string {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
  const href = hrefs.find((h) => new URL(h).pathname === pathname);
  if (!href) throw new Error(`No link to ${pathname} in "${mail.subject}"`);
  const url = new URL(href);
  return `${siteUrl()}${url.pathname}${url.search}`;
}

/** A fresh browser context (its own localStorage) and page that records console errors. */
export async function newPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
  recordTraffic(page);
  return { context, page, errors };
}

export async function signIn(page: Page, email: string, password = PASSWORD, next = '/'): Promise<void> {
  await page.goto(`${siteUrl()}/sign-in${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === next || url.pathname === `${next}/`);
  await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
}

/** Submits the sign-up form (both password fields alike); the caller waits for what it expects. */
export async function submitSignUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${siteUrl()}/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the card field (the Stripe.js stand-in's inputs) and the name on the card. */
export async function fillCard(page: Page, number: string, name = 'Pat Buyer'): Promise<void> {
  await page.getByLabel('Name on Card').fill(name);
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC/CVV').fill('123');
}

export const path = (page: Page): string => new URL(page.url()).pathname.replace(/(.)\/$/, '$1');

/** Moves the Stripe emulator's clock (renewals and their failures happen as it passes them). */
export async function advanceStripeClock(seconds: number): Promise<void> {
  const info = await stackInfo();
  const res = await fetch(`${info.stripeApi}/_emulator/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(`clock advance: ${res.status} ${await res.text()}`);
  // The pages read the subscription from our records, which Stripe's webhooks update: wait until every
  // event the renewal caused has been delivered (or given up), as a person's next visit would find it.
  await until(async () => {
    const events = await fetch(`${info.stripeApi}/_emulator/events`);
    const { data } = (await events.json()) as { data: { delivery: { status: string } | null }[] };
    return data.some((e) => e.delivery?.status === 'pending');
  }, false);
}

/** Waits until the sign-in page has rendered (the URL changes before the new page replaces the old). */
export async function atSignIn(page: Page): Promise<void> {
  await page.waitForURL(/\/sign-in\/?(\?.*)?$/);
  await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

/** On /licenses with no subscription: Buy Licenses, pay with `card` on /checkout, back on /licenses. */
export async function buyFromLicensesPage(page: Page, card = '4242424242424242'): Promise<void> {
  await page.getByRole('button', { name: 'Buy Licenses' }).click();
  await page.waitForURL(/\/checkout/);
  await page.getByLabel('Credit or debit card number').waitFor();
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
}
