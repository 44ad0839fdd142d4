import { sharedBrowser } from './browser';
import { createVerifiedUser, newPage, signIn } from './account-helpers';
import { siteUrl } from './site';
import { until } from './until';

// Spec point 9: a lazy code chunk that has not arrived after 120 seconds fails, and takes the site's
// chunk-failure path (reload the page once: error-screen/chunk-reload.ts). The page's clock is
// Playwright's, moved on instead of waited for; the chunk's server never answers.

const browser = sharedBrowser();

describe('lazy chunks', () => {
  it('a chunk still loading after 120 s fails, and the page reloads once', async () => {
    const { context, page, errors } = await newPage(browser());
    await page.clock.install();
    await signIn(page, await createVerifiedUser('chunk-timeout'));
    await page.goto(`${siteUrl()}/pricing`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
    await page.evaluate(() => Object.assign(window, { beforeTimeout: true }));

    // Sign Out loads the auth code as a lazy chunk on click; from now on no script arrives.
    const requested: string[] = [];
    await context.route('**/*.js', (route) => {
      requested.push(route.request().url());
      // Never answered: the request stays open, as over a stalled connection.
    });
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await until(() => Promise.resolve(requested.length > 0), true);

    await page.clock.fastForward('01:59');
    await expect(page.evaluate(() => 'beforeTimeout' in window)).resolves.toBe(true);
    const reloaded = page.waitForEvent('framenavigated');
    await page.clock.fastForward('00:02');
    await reloaded;
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/pricing');
    await context.unroute('**/*.js');
    expect(errors).toEqual([]);
    await context.close();
  });
});
