import { sharedBrowser } from './browser';
import { siteUrl } from './site';
import { SETTLE_MS } from './until';

// The home page's hero picture is drawn from the HTML alone: with JavaScript off (so before any of the
// page's scripts could run), it has loaded and has pixels, at a phone's width and a desk's, in both
// schemes, and a phone is sent a file for its width rather than the desk's.

const browser = sharedBrowser();

const CASES = [
  // Lighthouse's phone: 412 px at 1.75 device pixels; a common one at 390 px and 2.
  { width: 390, deviceScaleFactor: 2, scheme: 'light' },
  { width: 390, deviceScaleFactor: 2, scheme: 'dark' },
  { width: 412, deviceScaleFactor: 1.75, scheme: 'light' },
  { width: 1280, deviceScaleFactor: 1, scheme: 'light' },
  { width: 1280, deviceScaleFactor: 1, scheme: 'dark' },
] as const;

it.each(CASES)(
  'the hero picture has loaded without JavaScript at $width px ($scheme, $deviceScaleFactor device pixels)',
  async ({ width, deviceScaleFactor, scheme }) => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 900 },
      deviceScaleFactor,
      colorScheme: scheme,
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(SETTLE_MS);
      // `load` waits for every eager image of the document; a lazy one would not be waited for.
      await page.goto(`${siteUrl()}/`, { waitUntil: 'load' });
      const hero = page.locator('.hero img');
      // Read through the DOM with the page's scripts off: evaluate runs in Playwright's own world.
      const state = await hero.evaluate((img: HTMLImageElement) => ({
        complete: img.complete,
        hasPixels: img.naturalWidth > 0,
        shownWidth: Math.round(img.getBoundingClientRect().width),
        fileWidth: Number(/-(\d+)\.\w+$/.exec(img.currentSrc)?.[1] ?? img.naturalWidth),
      }));
      expect({ complete: state.complete, hasPixels: state.hasPixels }).toEqual({
        complete: true,
        hasPixels: true,
      });
      expect(state.shownWidth).toBeGreaterThan(width / 2);
      // Enough pixels for the screen, and not much more than it can show (the next size up is 1.7 times).
      const needed = state.shownWidth * deviceScaleFactor;
      expect(state.fileWidth).toBeGreaterThanOrEqual(Math.min(needed, 1200));
      expect(state.fileWidth).toBeLessThan(Math.max(needed * 1.5, 1200));
    } finally {
      await context.close();
    }
  },
);
