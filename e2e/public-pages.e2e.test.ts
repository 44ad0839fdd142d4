import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { staticPublicRoutes } from './public-routes';
import { readFeed, siteUrl, type ArticleFeedEntry, type ToolFeedEntry } from './site';
import { SETTLE_MS, until } from './until';

const browser = sharedBrowser();

/** A page (in a context of its own, which axe needs) that records console errors, uncaught exceptions
 * and failed requests. */
async function openPage(): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`exception: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/404.html'))
      problems.push(`${res.status()}: ${res.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');
const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json');
const allRoutes = [
  ...staticPublicRoutes,
  ...tools.map((t) => `/tool/${t.path}`),
  ...articles.map((a) => `/blog/${a.route}`),
];

describe('public pages in Chromium', () => {
  // One test per route, each with its own time limit: all of them in one test outlast it on a busy machine.
  it.each(allRoutes)('opens %s: no console error, failed request or axe-core finding', async (route) => {
    const { page, problems, close } = await openPage();
    const response = await page.goto(`${siteUrl()}${route}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(problems).toEqual([]);
    expect(await seriousViolations(page, route)).toBe('');
    await close();
  });

  it('shows the 404 page for an unknown tool', async () => {
    const { page, close } = await openPage();
    const response = await page.goto(`${siteUrl()}/tool/no-such-tool`);
    expect(response?.status()).toBe(404);
    await page.getByText('The requested page does not exist.').waitFor();
    expect(await seriousViolations(page, '/tool/no-such-tool')).toBe('');
    await close();
  });

  it('follows View Details to a tool and Back to List to its anchor on /tools', async () => {
    const { page, problems, close } = await openPage();
    await page.goto(`${siteUrl()}/tools`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'View details of Inflation' }).click();
    await page.waitForURL('**/tool/inflation');
    await page.getByRole('heading', { level: 1, name: 'Inflation' }).waitFor();
    await page.getByRole('link', { name: '← Back to List' }).click();
    await page.waitForURL('**/tools#T5');
    await page.waitForFunction(() => document.activeElement?.id === 'T5');
    const top = await page.locator('#T5').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(100);
    expect(problems).toEqual([]);
    await close();
  });

  it('filters /tools from a shared URL and as the visitor types', async () => {
    const { page, close } = await openPage();
    await page.goto(`${siteUrl()}/tools?q=performance`, { waitUntil: 'networkidle' });
    await until(() => page.getByLabel('Filter tools by title').inputValue(), 'performance');
    // The list follows the field once the page is interactive: every title left has the word.
    const titles = () => page.locator('.tool-entry h2').allTextContents();
    const others = async () => (await titles()).filter((t) => !t.toLowerCase().includes('performance'));
    await until(others, []);
    expect((await titles()).length).toBeGreaterThan(3);
    await page.getByLabel('Filter tools by title').fill('TREASURY');
    await until(() => page.locator('.tool-entry').count(), 1);
    await page.waitForURL(/q=TREASURY/);
    await close();
  });

  it('works the screenshot lightbox with the keyboard only', async () => {
    const { page, problems, close } = await openPage();
    await page.goto(`${siteUrl()}/tool/treasury-rates`, { waitUntil: 'networkidle' });
    const thumb = page.locator('.gallery__thumb').first();
    await thumb.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await until(() => dialog.getAttribute('aria-label'), 'Screenshot 1 of 2');
    await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close');
    await page.keyboard.press('ArrowRight');
    await until(() => dialog.getAttribute('aria-label'), 'Screenshot 2 of 2');
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await until(
      () => page.evaluate(() => document.activeElement?.classList.contains('gallery__thumb')),
      true,
    );
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the announcement in force on the home page and the account-deleted message', async () => {
    const { page, close } = await openPage();
    await page.goto(`${siteUrl()}/?action=accountDeleted`, { waitUntil: 'networkidle' });
    await page.getByRole('status').getByText('Account deleted successfully.').waitFor();
    const feed = readFeed<{ message: string; startDate: string; endDate: string }[]>('announcements.json');
    const now = Date.now();
    for (const a of feed) {
      const active = Date.parse(a.startDate) <= now && now <= Date.parse(a.endDate);
      await until(() => page.getByText(a.message).count(), active ? 1 : 0);
    }
    await close();
  });

  it('filters the blog by title', async () => {
    const { page, close } = await openPage();
    await page.goto(`${siteUrl()}/blog`, { waitUntil: 'networkidle' });
    await page.getByLabel('Filter articles by title').fill('yield curve');
    await until(() => page.locator('.article-list > li').count(), 1);
    await page.getByRole('link', { name: /Yield Curve/ }).click();
    await page.getByRole('link', { name: '← Back to List' }).click();
    await page.waitForURL('**/blog');
    await close();
  });
});
