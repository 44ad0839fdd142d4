import { sharedBrowser } from './browser';
import { siteUrl } from './site';

// The Last Updated line of a tool page as Chromium lays it out: the date follows its label at the
// distance of a space, not of the gap between the items of the meta row.

const browser = sharedBrowser();

describe('the Last Updated line on a tool page', () => {
  it('shows the date right after its label', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${siteUrl()}/tool/treasury-rates`);
      const time = page.locator('.tool-page__meta time');
      await time.waitFor();
      const { labelRight, dateLeft, sameLine, fontSize } = await time.evaluate((el) => {
        // The label is the text before the <time>, wherever it sits in the line.
        const range = document.createRange();
        range.setStart(el.parentElement ?? el, 0);
        range.setEndBefore(el);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        const label = rects[rects.length - 1];
        const date = el.getBoundingClientRect();
        return {
          labelRight: label?.right ?? Number.NaN,
          dateLeft: date.left,
          sameLine: label !== undefined && Math.abs(label.top - date.top) < date.height,
          fontSize: parseFloat(getComputedStyle(el).fontSize),
        };
      });
      expect(await page.locator('.tool-page__meta').textContent()).toContain('Last Updated:');
      expect(sameLine).toBe(true);
      // "Last Updated:" ends with the colon; one space (about a third of an em) separates the date.
      expect(dateLeft - labelRight).toBeLessThan(fontSize * 0.6);
    } finally {
      await page.close();
    }
  });
});
