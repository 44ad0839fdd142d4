import { sharedBrowser } from './browser';
import { createVerifiedUser, fillCard, newPage, signIn } from './account-helpers';
import { overflowAtEachWidth } from './layout';
import { siteUrl } from './site';
import { until } from './until';

// A checkout left before paying, as its buyer finds /licenses again: one notice saying what was started,
// with Continue Checkout and Cancel Checkout, and nothing that reads as a subscription running or a debt
// (no status, no period, no open invoice in the billing history) until it is paid. On a desk and a phone,
// in both schemes. Cancel Checkout's own journey is no-dead-ends (7).

const browser = sharedBrowser();

describe('account journeys: a checkout started and not paid', () => {
  it('shows what was started with Continue and Cancel Checkout, no period and no invoice, until it is paid', async () => {
    const { context, page, errors } = await newPage(browser());
    await signIn(page, await createVerifiedUser('started'), undefined, '/licenses');
    await page.getByLabel('Number of licenses').fill('2');
    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByLabel('Credit or debit card number').waitFor();

    // The buyer leaves before paying, and comes back to the licenses page.
    await page.goto(`${siteUrl()}/licenses`);
    const history = page.getByRole('region', { name: 'Billing History' });
    // Loaded: the billing history shows its table or says there is none.
    await history.locator('table, p:text-is("No receipts yet.")').first().waitFor();
    await page.getByRole('link', { name: 'Continue Checkout' }).waitFor();
    const seen = async () => ({
      continueCheckout: await page.getByRole('link', { name: 'Continue Checkout' }).count(),
      subscriptionHeading: await page.getByRole('heading', { name: 'Subscription', exact: true }).count(),
      status: await page.getByText('Awaiting payment').count(),
      period: await page.getByText('Current period').count(),
      payNow: await page.getByRole('link', { name: /^Pay now/ }).count(),
      invoiceRows: await history.locator('tbody tr').count(),
    });
    const once = {
      continueCheckout: 1,
      subscriptionHeading: 0,
      status: 0,
      period: 0,
      payNow: 0,
      invoiceRows: 0,
    };
    expect(await seen()).toEqual(once);
    await history.getByText('No receipts yet.').waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'You started buying' });
    await notice
      .getByText(
        /^You started buying 2 licenses on \d\d\/\d\d\/\d{4}\. Nothing has been charged: continue the checkout to pay for them, or cancel it\.$/,
      )
      .waitFor();
    await notice.getByRole('button', { name: 'Cancel Checkout' }).waitFor();
    const resume = notice.getByRole('link', { name: 'Continue Checkout' });

    // On a phone, in the dark too: the notice and its two buttons fit the screen.
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await overflowAtEachWidth(page, 'licenses with a checkout started')).toEqual([]);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const control of [resume, notice.getByRole('button', { name: 'Cancel Checkout' })]) {
        const box = await control.boundingBox();
        expect({ width, inside: !!box && box.x >= 0 && box.x + box.width <= width }).toEqual({
          width,
          inside: true,
        });
      }
    }
    expect(await seen()).toEqual(once);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Continue Checkout goes back to the same order; once paid, the subscription and its receipt show.
    await resume.click();
    await page.waitForURL(/\/checkout/);
    await page.getByText('$30.00 per month').waitFor();
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await page.getByRole('heading', { name: 'Subscription', exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await until(() => history.locator('tbody tr').count(), 1);
    const cells = await history.locator('tbody tr').first().getByRole('cell').allTextContents();
    expect(cells.slice(1, 3)).toEqual(['$30.00', 'Paid']);
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
