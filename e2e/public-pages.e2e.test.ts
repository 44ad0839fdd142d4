import type { BrowserContext, Page, Request } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { overflowAtEachWidth } from './layout';
import { staticPublicRoutes } from './public-routes';
import { readFeed, siteUrl, type ArticleFeedEntry, type ToolFeedEntry } from './site';
import { SETTLE_MS, until } from './until';

// Every public page as a visitor at a desk has it (light scheme, 1280 px: no console error, no failed
// request, nothing serious for axe-core) and, on the same load, on a phone and a tablet in the dark
// scheme: nothing scrolls sideways at 320, 390 or 768 px, and one page of each template passes axe-core
// in the dark. The other tool and article pages differ from their template's first in words only, so
// axe-core checks them with the rules about words (names, alternative text, headings, landmarks), not
// those about styles (axe.ts). Account pages on narrow screens are narrow-screens.e2e.test.ts.

const browser = sharedBrowser();
let context: BrowserContext;
beforeAll(async () => {
  context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(SETTLE_MS);
});
afterAll(async () => {
  await context.close();
});

/** What one page records for the test that holds it: console errors, uncaught exceptions, failed
 * requests and error answers, and the requests still in flight. */
interface Recorder {
  problems: string[];
  pending: Set<Request>;
}

/** Tabs of the file's one browser context, each kept for the next test once a test is done with it. */
const idle: { page: Page; recorder: Recorder }[] = [];

/** A tab that records into whichever recorder it is given (each test gets a fresh one). */
async function newTab(): Promise<{ page: Page; recorder: Recorder }> {
  const page = await context.newPage();
  const recorder: Recorder = { problems: [], pending: new Set() };
  const tab = { page, recorder };
  const rec = () => tab.recorder;
  page.on('request', (req) => rec().pending.add(req));
  page.on('requestfinished', (req) => rec().pending.delete(req));
  page.on('console', (msg) => {
    if (msg.type() === 'error') rec().problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => rec().problems.push(`exception: ${err.message}`));
  page.on('requestfailed', (req) => {
    rec().pending.delete(req);
    rec().problems.push(`failed: ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/404.html'))
      rec().problems.push(`${res.status()}: ${res.url()}`);
  });
  return tab;
}

/**
 * A tab of the file's one browser context (its own, not the default one, which axe needs to open a
 * page of its own) that records console errors, uncaught exceptions and failed requests, and counts
 * the requests still in flight. Sharing the context shares the HTTP cache, as a visitor going from page
 * to page has it: the site's scripts load once, not once per route. A test done with its tab hands it
 * to the next, which navigates it anew, as a visitor does in one tab: a new tab per route started a
 * renderer each time, ~0.7 s of CPU (most of each route's load).
 */
async function openPage(): Promise<{
  page: Page;
  problems: string[];
  inFlight: () => number;
  close: () => Promise<void>;
}> {
  const tab = idle.pop() ?? (await newTab());
  const recorder: Recorder = { problems: [], pending: new Set() };
  tab.recorder = recorder;
  const close = async () => {
    // The route's document ends here (about:blank stays in the tab's renderer), so nothing it still
    // starts, such as Gatsby prefetching the pages it links to, reaches the next test's record; and
    // the tab is back at a desk in the light scheme.
    await tab.page.goto('about:blank');
    await tab.page.emulateMedia({ colorScheme: 'light' });
    await tab.page.setViewportSize({ width: 1280, height: 900 });
    idle.push(tab);
  };
  return { page: tab.page, problems: recorder.problems, inFlight: () => recorder.pending.size, close };
}

/**
 * Opens `route` and waits until the visitor has it: loaded, hydrated (the header's Sign In link is
 * rendered only by the browser, after hydration) and no request of the page still in flight, so a
 * request that fails late is counted. Cheaper than `networkidle`, which always waits 500 ms more.
 */
async function openRoute(page: Page, route: string, inFlight: () => number) {
  const response = await page.goto(`${siteUrl()}${route}`, { waitUntil: 'load' });
  await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  await until(async () => inFlight(), 0);
  return response;
}

const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');
const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json');
const allRoutes = [
  ...staticPublicRoutes,
  ...tools.map((t) => `/tool/${t.path}`),
  ...articles.map((a) => `/blog/${a.route}`),
];

/** One page of each template: every axe-core rule, also in the dark; the template's other pages get
 * the rules about their words (axe.ts, AxeScope). */
const darkAudited = new Set([
  ...staticPublicRoutes,
  `/tool/${tools[0]?.path ?? ''}`,
  `/blog/${articles[0]?.route ?? ''}`,
]);

/** The page in the dark scheme at each narrow width in turn: what sticks out at any of them. */
async function darkOverflow(page: Page, label: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  return overflowAtEachWidth(page, label);
}

describe('public pages in Chromium', () => {
  // One test per route, each with its own time limit, several routes at a time (static pages share
  // nothing): the browser renders one page while the test waits on another.
  it.concurrent.each(allRoutes)(
    'opens %s: no console error, failed request or axe-core finding; fits 320, 390 and 768 px in the dark',
    async (route) => {
      const { page, problems, inFlight, close } = await openPage();
      const response = await openRoute(page, route, inFlight);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
      expect(problems).toEqual([]);
      const scope = darkAudited.has(route) ? 'every rule' : 'content rules';
      expect(await seriousViolations(page, route, scope)).toBe('');
      expect(await darkOverflow(page, route)).toEqual([]);
      if (darkAudited.has(route)) {
        await page.setViewportSize({ width: 390, height: 800 });
        expect(await seriousViolations(page, `${route} (dark, 390 px)`)).toBe('');
      }
      await close();
    },
  );

  it('audits a tool page with the rules about words: a picture or link without a name still fails', async () => {
    const route = `/tool/${tools[1]?.path ?? ''}`;
    expect(darkAudited.has(route)).toBe(false);
    const { page, inFlight, close } = await openPage();
    await openRoute(page, route, inFlight);
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      main.insertAdjacentHTML(
        'beforeend',
        '<p style="color:#777;background:#888">faint words</p><img src="/favicon-32.png"><a href="/tools"></a>',
      );
    });
    const content = await seriousViolations(page, route, 'content rules');
    expect(content).toContain('image-alt');
    expect(content).toContain('link-name');
    expect(content).not.toContain('color-contrast');
    expect(await seriousViolations(page, route, 'every rule')).toContain('color-contrast');
    await close();
  });

  it('shows the 404 page for an unknown tool, also on a phone in the dark', async () => {
    const { page, close } = await openPage();
    const response = await page.goto(`${siteUrl()}/tool/no-such-tool`);
    expect(response?.status()).toBe(404);
    await page.getByText('The requested page does not exist.').waitFor();
    expect(await seriousViolations(page, '/tool/no-such-tool')).toBe('');
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await darkOverflow(page, '/tool/no-such-tool')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await seriousViolations(page, '/tool/no-such-tool (dark, 390 px)')).toBe('');
    await close();
  });

  it("follows a tool's card to the tool and Back to List to its anchor on /tools", async () => {
    const { page, problems, inFlight, close } = await openPage();
    await openRoute(page, '/tools', inFlight);
    await page.getByRole('link', { name: 'Inflation', exact: true }).click();
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
    const { page, inFlight, close } = await openPage();
    await openRoute(page, '/tools?q=performance', inFlight);
    await until(() => page.getByLabel('Filter tools by title').inputValue(), 'performance');
    // The list follows the field once the page is interactive: every title left has the word.
    const titles = () => page.locator('.tool-entry h3').allTextContents();
    const others = async () => (await titles()).filter((t) => !t.toLowerCase().includes('performance'));
    await until(others, []);
    expect((await titles()).length).toBeGreaterThan(3);
    await page.getByLabel('Filter tools by title').fill('TREASURY');
    await until(() => page.locator('.tool-entry').count(), 1);
    await page.waitForURL(/q=TREASURY/);
    await close();
  });

  it('works the screenshot lightbox with the keyboard only', async () => {
    const { page, problems, inFlight, close } = await openPage();
    await openRoute(page, '/tool/treasury-rates', inFlight);
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
    const { page, inFlight, close } = await openPage();
    await openRoute(page, '/?action=accountDeleted', inFlight);
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
    const { page, inFlight, close } = await openPage();
    await openRoute(page, '/blog', inFlight);
    await page.getByLabel('Filter articles by title').fill('yield curve');
    await until(() => page.locator('.article-list > li').count(), 1);
    await page.getByRole('link', { name: /Yield Curve/ }).click();
    await page.getByRole('link', { name: '← Back to List' }).click();
    await page.waitForURL('**/blog');
    await close();
  });
});
