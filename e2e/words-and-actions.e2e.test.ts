import type { Browser, Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import {
  atSignIn,
  buyFromLicensesPage,
  createVerifiedUser,
  newPage,
  signIn,
  uniqueEmail,
} from './account-helpers';
import { readFeed, readPublic, siteUrl, type ArticleFeedEntry, type ToolFeedEntry } from './site';
import { SETTLE_MS } from './until';

// Issue 41, items 5, 6 and 9 (and the account pages' buttons), as a visitor of a build without installer links (every local or test
// build, e2e/run.ts) sees them: a current footer and current dates, main actions that lead somewhere,
// buttons that say what they do in one capitalisation style, and prose cells set in proportional figures.

const browser = sharedBrowser();

async function open(
  b: Browser,
  route: string,
  { width = 1280, dark = false } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await b.newContext({
    viewport: { width, height: 900 },
    colorScheme: dark ? 'dark' : 'light',
  });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  await page.goto(`${siteUrl()}${route}`);
  return { page, close: () => context.close() };
}

/** Hydrated: the header's account slot offers Sign In to a signed-out visitor. */
const hydrated = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();

// Words a title-cased label keeps in lower case.
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The words of a label that break Title Case ("See pricing": ["pricing"]). */
function lowerCaseWords(label: string): string[] {
  const words = label.split(/\s+/).filter((w) => /^[a-z]/i.test(w));
  return words.filter((w, i) => /^[a-z]/.test(w) && (i === 0 || !SMALL_WORDS.has(w)));
}

/** The visible text of every button and button-styled link in the page's main content. */
const buttonLabels = (page: Page) =>
  page.locator('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement>('button, a.button'))
      .filter((el) => el.offsetParent !== null)
      .map((el) => el.innerText.trim())
      .filter(Boolean),
  );

const lastRelease = (): string => {
  const html = readPublic('changelog/index.html');
  const dates = [
    ...html.matchAll(/<time datetime="(\d{4}-\d\d-\d\d)">[^<]*<\/time>(?:<!-- -->)? · Stockbench/gi),
  ];
  const newest = dates
    .map((m) => m[1] ?? '')
    .sort()
    .at(-1);
  if (!newest) throw new Error('the changelog names no release');
  return newest;
};

describe('words and actions', () => {
  it('the footer shows the current year, on a desk and on a phone in the dark', async () => {
    const year = new Date().getUTCFullYear();
    for (const options of [{ width: 1280 }, { width: 390, dark: true }]) {
      const { page, close } = await open(browser(), '/', options);
      await hydrated(page);
      const line = page.getByRole('contentinfo').getByText(/^©/);
      expect(await line.innerText()).toBe(`© ${year} Stockbench. All rights reserved.`);
      await close();
    }
  });

  it('no tool page or article is dated before the newest release, on the page and in the changelog', async () => {
    const release = lastRelease();
    const stale: string[] = [];
    for (const tool of readFeed<ToolFeedEntry[]>('tools/tools.json')) {
      const html = readPublic(`tool/${tool.path}/index.html`);
      const updated = /Last Updated: (?:<!-- -->)?<time datetime="(\d{4}-\d\d-\d\d)"/i.exec(html)?.[1];
      if (!updated || updated < release) stale.push(`${tool.id} ${tool.title}: ${updated ?? 'no date'}`);
    }
    for (const article of readFeed<ArticleFeedEntry[]>('blog_articles.json')) {
      const html = readPublic(`blog/${article.route}/index.html`);
      const updated = /Updated (?:<!-- -->)?<time datetime="(\d{4}-\d\d-\d\d)"/i.exec(html)?.[1];
      if (!updated || updated < release)
        stale.push(`${article.id} ${article.title}: ${updated ?? 'no date'}`);
    }
    expect(stale).toEqual([]);
  });

  it('articles name tools by their titles with links, never by internal ids such as (T15)', async () => {
    const { page, close } = await open(browser(), '/blog');
    await hydrated(page);
    for (const article of readFeed<ArticleFeedEntry[]>('blog_articles.json')) {
      await page.goto(`${siteUrl()}/blog/${article.route}`);
      await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/\(T\d+\)/);
      expect(await page.locator('main a[href^="/tool/"]').count()).toBeGreaterThan(0);
    }
    await close();
  });

  it('without installers, the first screen and pricing offer buying, which leads to signing in, not a dead end', async () => {
    for (const options of [{ width: 1280 }, { width: 320, dark: true }]) {
      const { page, close } = await open(browser(), '/', options);
      await hydrated(page);
      const hero = page.locator('.hero');
      expect(await hero.locator('a[href^="/download"]').count()).toBe(0);
      expect(await hero.getByRole('link', { name: 'See Pricing' }).getAttribute('href')).toBe('/pricing');
      const cta = page.getByRole('region', { name: 'Unlock every tool with a license' });
      expect(await cta.getByRole('link', { name: 'Buy Licenses' }).getAttribute('href')).toBe('/licenses');
      await hero.getByRole('link', { name: 'Buy Licenses' }).click();
      await atSignIn(page);
      expect(new URL(page.url()).searchParams.get('next')).toBe('/licenses');

      await page.goto(`${siteUrl()}/pricing`);
      await hydrated(page);
      const free = page.getByRole('region', { name: 'Free' });
      expect(await free.locator('a[href^="/download"]').count()).toBe(0);
      const notify = new URL(
        (await free.getByRole('link', { name: 'Email Me When It’s Out' }).getAttribute('href')) ?? '',
      );
      expect(notify.protocol).toBe('mailto:');
      const licensed = page.getByRole('region', { name: 'Licensed' });
      await licensed.getByRole('link', { name: 'Buy Licenses' }).click();
      await atSignIn(page);
      await close();
    }
  });

  it('buttons say what they do, in Title Case, on the public and the signed-out pages', async () => {
    const { page, close } = await open(browser(), '/');
    await hydrated(page);
    const tool = readFeed<ToolFeedEntry[]>('tools/tools.json')[0]?.path ?? '';
    const offenders: string[] = [];
    for (const route of [
      '/',
      '/pricing',
      '/download',
      '/tools',
      `/tool/${tool}`,
      '/faq',
      '/sign-up',
      '/reset-password',
    ]) {
      await page.goto(`${siteUrl()}${route}`);
      await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      for (const label of await buttonLabels(page)) {
        if (lowerCaseWords(label).length > 0 || label === 'Submit') offenders.push(`${route}: ${label}`);
      }
    }
    await page.goto(`${siteUrl()}/sign-in`);
    await atSignIn(page);
    // The e2e build has passkeys on (e2e/run.ts): their button beside the password's.
    expect(await buttonLabels(page)).toEqual(['Sign In', 'Sign In With a Passkey']);
    await page.goto(`${siteUrl()}/sign-up`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).waitFor();
    expect(offenders).toEqual([]);
    await close();
  });

  it('buttons say what they do, in Title Case, on the account pages in their states', async () => {
    const { context, page } = await newPage(browser());
    const offenders: string[] = [];
    const check = async (state: string) => {
      for (const label of await buttonLabels(page)) {
        if (lowerCaseWords(label).length > 0) offenders.push(`${state}: ${label}`);
      }
    };
    const email = await createVerifiedUser('words');
    await signIn(page, email, undefined, '/licenses');
    await page.getByText('You have no licenses yet.').waitFor();
    await check('/licenses, no licenses');

    await buyFromLicensesPage(page);
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await check('/licenses, subscribed');
    const row = page.getByRole('region', { name: 'Your Licenses' }).locator('tbody tr').first();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Remove' }).waitFor();
    await check('/licenses, removing a license');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Assigned to someone: the row offers Change and taking it back.
    await row.getByRole('button', { name: 'Assign', exact: true }).click();
    const form = page.getByRole('form', { name: /^Assign license / });
    await check('/licenses, assigning a license');
    await form.getByLabel('Email address').fill(uniqueEmail('words-holder'));
    await form.getByRole('button', { name: 'Assign' }).click();
    await row.getByRole('button', { name: 'Change', exact: true }).waitFor();
    await check('/licenses, a license assigned');

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).waitFor();
    await check('/licenses, cancelling');
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByText(/^Your subscription ends on /).waitFor();
    await check('/licenses, cancelled');

    await page.getByRole('link', { name: 'Update Card' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await check('/update-card');
    await page.goto(`${siteUrl()}/profile`);
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    await check('/profile');
    expect(offenders).toEqual([]);
    await context.close();
  });

  it('the header offers Sign In on every page but the sign-in page, also after moving there in the page', async () => {
    const { page, close } = await open(browser(), '/pricing', { width: 390, dark: true });
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    await atSignIn(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor({ state: 'detached' });
    await page.goto(`${siteUrl()}/sign-in`);
    await atSignIn(page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await hydrated(page);
    await close();
  });

  it('prose cells use proportional figures, so "two-factor" is not spaced out; and no cell is a bare dash', async () => {
    for (const options of [{ width: 1280 }, { width: 390, dark: true }]) {
      const { page, close } = await open(browser(), '/pricing', options);
      await hydrated(page);
      const table = page.locator('table.compare');
      const cell = table.getByRole('cell', { name: /two-factor sign-in/ });
      expect(await cell.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe('normal');
      const cells = await table.locator('tbody td').allInnerTexts();
      expect(cells.filter((text) => /^[\s\-–—]*$/.test(text))).toEqual([]);
      await close();
    }
    const { page, close } = await open(browser(), '/user-imports');
    await hydrated(page);
    const prose = page.locator('.prose table td').first();
    expect(await prose.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe('normal');
    await close();
  });
});
