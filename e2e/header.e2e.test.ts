import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import { siteUrl } from './site';
import { SETTLE_MS, until } from './until';

// The header on a phone and on a desk: at most 64 px tall; on a phone the navigation hides behind a
// menu button that says whether it is open (aria-expanded), and a link, Escape or a click elsewhere
// closes it; on a desk the links show and the button does not.

const browser = sharedBrowser();

async function open(width: number, route = '/'): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser().newContext({ viewport: { width, height: 800 } });
  context.setDefaultTimeout(SETTLE_MS);
  const page = await context.newPage();
  await page.goto(`${siteUrl()}${route}`);
  // Hydrated: the header's account slot shows Sign In only once the browser has rendered it.
  await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  return { page, close: () => context.close() };
}

const headerHeight = (page: Page) =>
  page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the header', () => {
  it.each([320, 390])(
    'is at most 64 px tall at %i px, with the links behind the menu button',
    async (width) => {
      const { page, close } = await open(width);
      expect(await headerHeight(page)).toBeLessThanOrEqual(64);
      await expect(menuButton(page).getAttribute('aria-expanded')).resolves.toBe('false');
      expect(await mainNav(page).getByRole('link', { name: 'Pricing' }).isVisible()).toBe(false);

      await menuButton(page).click();
      await until(() => menuButton(page).getAttribute('aria-expanded'), 'true');
      const pricing = mainNav(page).getByRole('link', { name: 'Pricing' });
      await pricing.waitFor({ state: 'visible' });
      // The open menu covers the page below the header; the header itself keeps its height.
      expect(await headerHeight(page)).toBeLessThanOrEqual(64);

      await pricing.click();
      await page.waitForURL('**/pricing');
      await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
      await until(() => menuButton(page).getAttribute('aria-expanded'), 'false');
      expect(await pricing.isVisible()).toBe(false);
      await close();
    },
  );

  it('closes the menu with Escape, giving focus back to its button, and with a click elsewhere', async () => {
    const { page, close } = await open(390, '/tools');
    await menuButton(page).click();
    await mainNav(page).getByRole('link', { name: 'FAQ' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await until(() => menuButton(page).getAttribute('aria-expanded'), 'false');
    await until(
      () => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')),
      'site-nav-links',
    );

    await menuButton(page).click();
    await mainNav(page).getByRole('link', { name: 'FAQ' }).waitFor({ state: 'visible' });
    // Below the open menu, in the page's margin.
    await page.mouse.click(4, 760);
    await until(() => menuButton(page).getAttribute('aria-expanded'), 'false');
    await close();
  });

  it('shows the links and no menu button on a desk', async () => {
    const { page, close } = await open(1280);
    expect(await headerHeight(page)).toBeLessThanOrEqual(64);
    expect(await menuButton(page).isVisible()).toBe(false);
    for (const name of ['Home', 'Tools', 'Pricing', 'FAQ', 'Contact Us', 'Quickstart', 'Download']) {
      expect(await mainNav(page).getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await close();
  });
});
