import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import { readFeed, siteUrl, type ToolFeedEntry } from './site';
import { SETTLE_MS } from './until';

// How /tools and the home page are laid out for a person, at 320, 390 and 1280 px in both schemes: a
// compact tool list on a phone, cards that are one link each with a picture and a one-line title on a
// desk, and a home page of words beside pictures with the note on the data under each picture.

const browser = sharedBrowser();
const SCHEMES = ['light', 'dark'] as const;
// The feed lists the tools a visitor can see, as /tools does.
const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');

/** The page at `route`, hydrated (the header's Sign In link renders only in the browser). */
async function open(route: string, width: number, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser().newPage({ viewport: { width, height: 900 }, colorScheme });
  page.setDefaultTimeout(SETTLE_MS);
  await page.goto(`${siteUrl()}${route}`, { waitUntil: 'load' });
  await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  return page;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('/tools', () => {
  // Text-only cards made the page 12,837 px tall at 390 px and 15,052 at 320; a compact list is well
  // under half of that.
  const bounds = [
    [320, 7_000],
    [390, 6_000],
  ] as const;
  it.each(SCHEMES.flatMap((s) => bounds.map(([w, bound]) => [w, s, bound] as const)))(
    'is a compact list at %i px (%s)',
    async (width, scheme, bound) => {
      const page = await open('/tools', width, scheme);
      try {
        expect(await page.locator('.tool-entry').count()).toBe(tools.length);
        expect(await pageHeight(page)).toBeLessThan(bound);
      } finally {
        await page.close();
      }
    },
  );

  it.each(SCHEMES.map((s) => [s] as const))(
    'shows each tool as one link with a picture and a one-line title at 1280 px (%s)',
    async (scheme) => {
      const page = await open('/tools', 1280, scheme);
      try {
        const cards = await page.locator('.tool-entry').evaluateAll((entries) =>
          entries.map((entry) => {
            const links = entry.querySelectorAll('a');
            const img = entry.querySelector('img');
            const title = entry.querySelector('h3');
            // The picture's middle, brought into view: what a click there lands on.
            img?.scrollIntoView({ block: 'center' });
            const box = img?.getBoundingClientRect();
            const hit = box && document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            const lineHeight = title ? parseFloat(getComputedStyle(title).lineHeight) : Number.NaN;
            return {
              id: entry.id,
              links: links.length,
              href: links[0]?.getAttribute('href'),
              picture: Boolean(img && box && box.width >= 64 && box.height >= 38),
              clickOnPictureOpens: hit?.closest('a')?.getAttribute('href') ?? null,
              titleLines: title ? Math.round(title.getBoundingClientRect().height / lineHeight) : 0,
              title: title?.textContent,
            };
          }),
        );
        expect(cards).toHaveLength(tools.length);
        for (const card of cards) {
          const href = `/tool/${tools.find((t) => t.id === card.id)?.path ?? '?'}`;
          // The whole card (title, id and text kept for the failure message) as one link.
          expect(card).toEqual({
            ...card,
            links: 1,
            href,
            picture: true,
            clickOnPictureOpens: href,
            titleLines: 1,
          });
        }
        // Said once on each tool's own page instead of on every card.
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text).not.toMatch(/View Details|Last Updated/i);
      } finally {
        await page.close();
      }
    },
  );

  it('loads the pictures below the first screen only as the visitor scrolls to them', async () => {
    const page = await open('/tools', 390, 'light');
    try {
      const loading = await page
        .locator('.tool-entry img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
      // The first screen's six come with the HTML (they are what the visitor sees first); the rest wait.
      expect(loading.slice(0, 6)).toEqual(Array<string>(6).fill('eager'));
      expect(new Set(loading.slice(6))).toEqual(new Set(['lazy']));
      const last = page.locator('.tool-entry img').last();
      await last.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const imgs = document.querySelectorAll<HTMLImageElement>('.tool-entry img');
        const img = imgs[imgs.length - 1];
        return Boolean(img?.complete && img.naturalWidth > 0);
      });
    } finally {
      await page.close();
    }
  });
});

describe('the home page', () => {
  it.each(SCHEMES.map((s) => [s] as const))(
    'puts words and picture side by side, the data note under the picture, at 1280 px (%s)',
    async (scheme) => {
      const page = await open('/', 1280, scheme);
      try {
        // About 7,000 px with a large picture and a stray thumbnail per feature.
        expect(await pageHeight(page)).toBeLessThan(4_500);
        const features = await page.locator('.feature').evaluateAll((sections) =>
          sections.map((section) => {
            const text = section.querySelector('h2')?.parentElement?.getBoundingClientRect();
            const imgs = section.querySelectorAll('img');
            const img = imgs[0]?.getBoundingClientRect();
            const caption = section.querySelector('figcaption');
            const under = caption?.getBoundingClientRect();
            const page = section.getBoundingClientRect();
            return {
              pictures: imgs.length,
              sideBySide: Boolean(text && img && (text.right <= img.left || img.right <= text.left)),
              halfWidth: img ? Math.round((img.width / page.width) * 10) / 10 : 0,
              captionUnderPicture: Boolean(img && under && under.top >= img.bottom - 1),
              caption: caption?.textContent ?? '',
            };
          }),
        );
        expect(features.length).toBeGreaterThan(0);
        for (const feature of features) {
          expect(feature).toEqual({
            pictures: 1,
            sideBySide: true,
            halfWidth: 0.5,
            captionUnderPicture: true,
            caption: expect.stringMatching(/^Illustrative data/) as unknown as string,
          });
        }
      } finally {
        await page.close();
      }
    },
  );

  it.each(SCHEMES.flatMap((s) => [320, 390].map((w) => [w, s] as const)))(
    'stacks each feature on a phone with the note under its picture at %i px (%s)',
    async (width, scheme) => {
      const page = await open('/', width, scheme);
      try {
        const features = await page.locator('.feature').evaluateAll((sections) =>
          sections.map((section) => {
            const text = section.querySelector('h2')?.getBoundingClientRect();
            const img = section.querySelector('img')?.getBoundingClientRect();
            const under = section.querySelector('figcaption')?.getBoundingClientRect();
            return {
              pictureBelowWords: Boolean(text && img && img.top >= text.bottom),
              captionUnderPicture: Boolean(img && under && under.top >= img.bottom - 1),
            };
          }),
        );
        expect(features.length).toBeGreaterThan(0);
        expect(new Set(features.map((f) => JSON.stringify(f)))).toEqual(
          new Set([JSON.stringify({ pictureBelowWords: true, captionUnderPicture: true })]),
        );
      } finally {
        await page.close();
      }
    },
  );
});
