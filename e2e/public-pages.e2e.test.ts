import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import { staticPublicRoutes } from './public-routes';
import { readFeed, siteUrl, type ArticleFeedEntry, type ToolFeedEntry } from './site';

const browser = sharedBrowser();

/** A page that records console errors, uncaught exceptions and failed requests. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
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
  return { page, problems };
}

const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');
const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json');
const allRoutes = [
  ...staticPublicRoutes,
  ...tools.map((t) => `/tool/${t.path}`),
  ...articles.map((a) => `/blog/${a.route}`),
];

describe('public pages in Chromium', () => {
  it('opens every public route with no console error or failed request', async () => {
    const { page, problems } = await openPage();
    for (const route of allRoutes) {
      const response = await page.goto(`${siteUrl()}${route}`, { waitUntil: 'networkidle' });
      expect({ route, status: response?.status() }).toEqual({ route, status: 200 });
      await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the 404 page for an unknown tool', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${siteUrl()}/tool/no-such-tool`);
    expect(response?.status()).toBe(404);
    await page.getByText('The requested page does not exist.').waitFor();
    await page.close();
  });

  it('follows View Details to a tool and Back to List to its anchor on /tools', async () => {
    const { page, problems } = await openPage();
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
    await page.close();
  });

  it('filters /tools from a shared URL and as the visitor types', async () => {
    const { page } = await openPage();
    await page.goto(`${siteUrl()}/tools?q=performance`, { waitUntil: 'networkidle' });
    await expect(page.getByLabel('Filter tools by title').inputValue()).resolves.toBe('performance');
    const count = await page.locator('.tool-entry').count();
    expect(count).toBeGreaterThan(3);
    for (const title of await page.locator('.tool-entry h2').allTextContents()) {
      expect(title.toLowerCase()).toContain('performance');
    }
    await page.getByLabel('Filter tools by title').fill('TREASURY');
    await expect(page.locator('.tool-entry').count()).resolves.toBe(1);
    expect(page.url()).toContain('q=TREASURY');
    await page.close();
  });

  it('works the screenshot lightbox with the keyboard only', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${siteUrl()}/tool/treasury-rates`, { waitUntil: 'networkidle' });
    const thumb = page.locator('.gallery__thumb').first();
    await thumb.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.getAttribute('aria-label')).resolves.toBe('Screenshot 1 of 2');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Close',
    );
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getAttribute('aria-label')).resolves.toBe('Screenshot 2 of 2');
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('gallery__thumb')),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the announcement in force on the home page and the account-deleted message', async () => {
    const { page } = await openPage();
    await page.goto(`${siteUrl()}/?action=accountDeleted`, { waitUntil: 'networkidle' });
    await page.getByRole('status').getByText('Account deleted successfully.').waitFor();
    const feed = readFeed<{ message: string; startDate: string; endDate: string }[]>('announcements.json');
    const now = Date.now();
    for (const a of feed) {
      const active = Date.parse(a.startDate) <= now && now <= Date.parse(a.endDate);
      await expect(page.getByText(a.message).count()).resolves.toBe(active ? 1 : 0);
    }
    await page.close();
  });

  it('filters the blog by title', async () => {
    const { page } = await openPage();
    await page.goto(`${siteUrl()}/blog`, { waitUntil: 'networkidle' });
    await page.getByLabel('Filter articles by title').fill('yield curve');
    await expect(page.locator('.article-list > li').count()).resolves.toBe(1);
    await page.getByRole('link', { name: /Yield Curve/ }).click();
    await page.getByRole('link', { name: '← Back to List' }).click();
    await page.waitForURL('**/blog');
    await page.close();
  });
});
