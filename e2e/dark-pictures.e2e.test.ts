import type { Locator, Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import { readFeed, siteUrl, type ToolFeedEntry } from './site';
import { SETTLE_MS, until } from './until';

// Issue 41, item 4: the application's pictures follow the page's scheme. The picture a browser draws
// (its img's currentSrc) is the dark variant in the dark scheme and the light one in the light, chosen
// by the HTML (<source media="(prefers-color-scheme: dark)">), so it is right before any script runs.
// Item 8: the note on the data is a caption under the pictures, not in them.

const browser = sharedBrowser();
const tool = readFeed<ToolFeedEntry[]>('tools/tools.json')[0]?.path ?? '';
const DATA_NOTE = 'Illustrative data: synthetic values made for this picture, not market history.';

const LOOKS = [1280, 390].flatMap((width) =>
  (['dark', 'light'] as const).map((scheme) => [width, scheme] as const),
);

async function open(route: string, width: number, colorScheme: 'light' | 'dark', javaScriptEnabled = true) {
  const context = await browser().newContext({
    viewport: { width, height: 900 },
    colorScheme,
    javaScriptEnabled,
  });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  await page.goto(`${siteUrl()}${route}`);
  if (javaScriptEnabled) await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  return { page, close: () => context.close() };
}

/** The file the first visible image of `images` draws, once it has loaded (lazy ones scrolled to). */
async function drawn(images: Locator): Promise<string> {
  const img = images.locator('visible=true').first();
  await img.scrollIntoViewIfNeeded();
  await until(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc !== ''), true);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  return new URL(src).pathname.split('/').pop() ?? '';
}

/** What a picture drawn in `scheme` must be: a size of the dark variant, or of the light picture. */
const expectScheme = (file: string, scheme: 'light' | 'dark') =>
  scheme === 'dark'
    ? expect(file).toMatch(/^[a-z0-9-]+-dark-\d+\.webp$/)
    : expect(file).toMatch(/^(?![a-z0-9-]*-dark-)[a-z0-9-]+-\d+\.(webp|png)$/);

async function pictures(page: Page, selectors: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const selector of selectors) files.push(await drawn(page.locator(selector)));
  return files;
}

describe('the pictures follow the scheme', () => {
  it.each(LOOKS)('home at %i px (%s): the hero and the features', async (width, scheme) => {
    const { page, close } = await open('/', width, scheme);
    try {
      const files = await pictures(page, ['.app-window img', '.feature__picture img']);
      for (const file of files) expectScheme(file, scheme);
    } finally {
      await close();
    }
  });

  it.each(LOOKS)('/tools at %i px (%s): the cards', async (width, scheme) => {
    const { page, close } = await open('/tools', width, scheme);
    try {
      expectScheme(await drawn(page.locator('.tool-card__thumb img')), scheme);
    } finally {
      await close();
    }
  });

  it.each(LOOKS)('a tool page at %i px (%s): the gallery and the lightbox', async (width, scheme) => {
    const { page, close } = await open(`/tool/${tool}`, width, scheme);
    try {
      expectScheme(await drawn(page.locator('.gallery__lead img')), scheme);
      const more = page.locator('.gallery li:not(.gallery__lead) img');
      if ((await more.count()) > 0) expectScheme(await drawn(more), scheme);
      await page.locator('.gallery__lead button').click();
      expectScheme(await drawn(page.getByRole('dialog').locator('img[data-main-image]')), scheme);
    } finally {
      await close();
    }
  });

  it('without JavaScript, the dark scheme draws the dark pictures all the same', async () => {
    const { page, close } = await open('/', 390, 'dark', false);
    try {
      expectScheme(await drawn(page.locator('.app-window img')), 'dark');
    } finally {
      await close();
    }
  });
});

describe('the note on the pictures’ data', () => {
  it.each([1280, 390])('is the caption under a tool page’s gallery, once, at %i px', async (width) => {
    const { page, close } = await open(`/tool/${tool}`, width, 'dark');
    try {
      const caption = page.locator('figure:has(.gallery) > figcaption');
      expect(await caption.allInnerTexts()).toEqual([DATA_NOTE]);
      expect(await page.getByText(DATA_NOTE).count()).toBe(1);
      // Under the pictures: below the gallery's bottom edge.
      const gallery = await page.locator('.gallery').boundingBox();
      const below = await caption.boundingBox();
      expect(below && gallery && below.y >= gallery.y + gallery.height).toBe(true);
    } finally {
      await close();
    }
  });
});
