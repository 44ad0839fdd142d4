import type { BrowserContext, Page } from 'playwright-core';
import { createVerifiedUser, newPage, signIn } from './account-helpers';
import { sharedBrowser } from './browser';
import { sidewaysOverflow } from './layout';
import { siteUrl } from './site';
import { SETTLE_MS, until } from './until';

// The checkout as a person sees it on a small phone, a common phone and a desk: the order summary in a
// card of its own with the amount due today as its largest figure, the payment card with Pay across its
// width and the terms in small type under Pay; and the card field in the colours of the scheme the page
// is shown in, also after the scheme changes while the page is open.

const browser = sharedBrowser();

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
type Scheme = 'light' | 'dark';

let storage: Storage;
let checkoutPath: string;

beforeAll(async () => {
  const { context, page } = await newPage(browser());
  const email = await createVerifiedUser('checkout-look');
  await signIn(page, email, undefined, '/licenses');
  const answer = page.waitForResponse((res) => res.url().includes('/api/setup-checkout'));
  await page.getByRole('button', { name: 'Buy Licenses' }).click();
  const { sec } = (await (await answer).json()) as { sec: string };
  await page.getByLabel('Credit or debit card number').waitFor();
  storage = await context.storageState();
  checkoutPath = `/checkout?sec=${encodeURIComponent(sec)}&count=1`;
  await context.close();
});

async function openCheckout(
  width: number,
  colorScheme: Scheme,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    viewport: { width, height: 900 },
    colorScheme,
    storageState: storage,
  });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  await page.goto(`${siteUrl()}${checkoutPath}`);
  await page.getByLabel('Credit or debit card number').waitFor();
  return { context, page };
}

const px = (value: string): number => Number.parseFloat(value);

/** Relative luminance (WCAG) of a computed `rgb()`/`rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** What the card field shows: its text and placeholder colours, the colour behind them, the page's text colour. */
async function cardFieldColors(
  page: Page,
): Promise<{ text: string; placeholder: string; background: string; pageText: string }> {
  return page.getByLabel('Credit or debit card number').evaluate((input) => {
    let el: Element | null = input;
    let background = 'rgba(0, 0, 0, 0)';
    // The first colour painted behind the field, from the field outwards.
    while (el && /rgba\(.*, 0\)$|transparent/.test(background)) {
      background = getComputedStyle(el).backgroundColor;
      el = el.parentElement;
    }
    return {
      text: getComputedStyle(input).color,
      placeholder: getComputedStyle(input, '::placeholder').color,
      background,
      pageText: getComputedStyle(document.body).color,
    };
  });
}

describe('checkout: the summary and the payment card', () => {
  it.each([320, 390, 1280])(
    'at %i px: the total in a summary card, a full-width Pay, the terms small under it',
    async (width) => {
      const { context, page } = await openCheckout(width, 'light');
      const summary = page.getByRole('region', { name: 'Order summary' });
      const payment = page.getByRole('region', { name: 'Payment' });

      // The summary is a card: a border around it.
      const box = await summary.evaluate((el) => {
        const style = getComputedStyle(el);
        return { border: style.borderTopStyle, width: style.borderTopWidth };
      });
      expect(box.border).toBe('solid');
      expect(px(box.width)).toBeGreaterThanOrEqual(1);

      // The amount due today is the summary's figure, at least twice the size of the terms line.
      expect(await payment.count()).toBe(1);
      const total = summary.getByText('$15.00', { exact: true }).last();
      expect(await total.count()).toBe(1);
      const terms = payment.getByText(/By selecting Pay, you agree to the Terms of Service/);
      expect(await terms.count()).toBe(1);
      const totalSize = px(await total.evaluate((el) => getComputedStyle(el).fontSize));
      const termsSize = px(await terms.evaluate((el) => getComputedStyle(el).fontSize));
      const bodySize = px(await page.evaluate(() => getComputedStyle(document.body).fontSize));
      expect(totalSize).toBeGreaterThanOrEqual(2 * termsSize);
      expect(termsSize).toBeLessThan(bodySize);

      // Pay spans the payment card's content box; the terms come after it.
      const pay = page.getByRole('button', { name: 'Pay' });
      const inner = await payment.evaluate((el) => {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        const left = r.left + px(s.borderLeftWidth) + px(s.paddingLeft);
        const right = r.right - px(s.borderRightWidth) - px(s.paddingRight);
        return { left, right };
        function px(v: string): number {
          return Number.parseFloat(v);
        }
      });
      const payBox = await pay.boundingBox();
      const termsBox = await terms.boundingBox();
      expect(payBox).not.toBeNull();
      expect(Math.abs((payBox?.x ?? 0) - inner.left)).toBeLessThanOrEqual(1);
      expect(Math.abs((payBox?.x ?? 0) + (payBox?.width ?? 0) - inner.right)).toBeLessThanOrEqual(1);
      expect(termsBox?.y ?? 0).toBeGreaterThanOrEqual((payBox?.y ?? 0) + (payBox?.height ?? 0));

      // Nothing sticks out of the page or of either card.
      expect(await sidewaysOverflow(page, `/checkout at ${width} px`)).toBe('');
      for (const card of [summary, payment]) {
        const fits = await card.evaluate((el) => {
          const right = el.getBoundingClientRect().right;
          return Array.from(el.querySelectorAll('*')).every(
            (child) => child.getBoundingClientRect().right <= right + 0.5,
          );
        });
        expect(fits).toBe(true);
      }
      await context.close();
    },
  );
});

describe('checkout: the card field in either scheme', () => {
  it.each(['light', 'dark'] as const)(
    'in the %s scheme, the card field is drawn in its colours',
    async (scheme) => {
      const { context, page } = await openCheckout(390, scheme);
      const colors = await cardFieldColors(page);
      if (scheme === 'dark') expect(luminance(colors.background)).toBeLessThan(0.05);
      else expect(luminance(colors.background)).toBeGreaterThan(0.9);
      expect(colors.text).toBe(colors.pageText);
      expect(contrast(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors.placeholder, colors.background)).toBeGreaterThanOrEqual(4.5);
      await context.close();
    },
  );

  it('follows a change of scheme while the page is open', async () => {
    const { context, page } = await openCheckout(1280, 'light');
    await page.getByLabel('Credit or debit card number').fill('4242');
    await page.emulateMedia({ colorScheme: 'dark' });
    await until(
      async () => {
        const colors = await cardFieldColors(page);
        return { darkBehind: luminance(colors.background) < 0.05, pageText: colors.text === colors.pageText };
      },
      { darkBehind: true, pageText: true },
    );
    // What was typed stays.
    expect(await page.getByLabel('Credit or debit card number').inputValue()).toBe('4242');
    await context.close();
  });
});
