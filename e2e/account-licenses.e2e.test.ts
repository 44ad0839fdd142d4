import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import {
  advanceStripeClock,
  buyFromLicensesPage,
  createVerifiedUser,
  fillCard,
  newPage,
  path,
  signIn,
} from './account-helpers';
import { until } from './until';

const browser = sharedBrowser();

const keyCells = (page: Page) => page.locator('.license-table tbody tr');

describe('account journeys: licenses and cards', () => {
  it('buys 2 licenses (after a declined card), adds one with a quote, removes one, updates the card', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('buyer');
    await signIn(page, email, undefined, '/licenses');
    await page.getByText('You have no licenses yet.').waitFor();

    // Buy: 0 disables the button, 2 goes to checkout.
    const count = page.getByLabel('Number of licenses');
    await count.fill('0');
    await until(() => page.getByRole('button', { name: 'Buy Licenses' }).isDisabled(), true);
    await count.fill('2');
    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    // The client secret leaves the address bar at once (src/lib/url-secrets.ts); count stays.
    await page.waitForURL(/\/checkout\/?\?count=2$/);
    await page.getByText('$30.00 per month').waitFor();
    await page.getByText(/^2 Licenses/).waitFor();
    const pay = page.getByRole('button', { name: 'Pay' });
    await page.getByLabel('Credit or debit card number').waitFor();
    await until(() => pay.isDisabled(), true); // no name yet

    await fillCard(page, '4000000000000002');
    await pay.click();
    await page.getByText('Your card was declined.').waitFor();

    await page.getByLabel('Credit or debit card number').fill('4242424242424242');
    await pay.click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await until(() => keyCells(page).count(), 2);
    await until(() => page.getByText('None - renews monthly').count(), 2);
    await page.getByText('VISA ending in 4242').waitFor();

    // Add one: the quote comes first.
    await page.getByLabel('Number of licenses').fill('1');
    await page.getByRole('button', { name: 'Add Licenses' }).click();
    await page.getByText(/Adding 1 License charges your card \$\d+\.\d\d now/).waitFor();
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await until(() => keyCells(page).count(), 3);

    // Remove one, after the confirmation.
    await keyCells(page).first().getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Confirm Remove' }).click();
    await until(() => page.getByText('None - renews monthly').count(), 2);
    await until(() => page.getByRole('button', { name: 'Remove' }).count(), 2);

    // Update the card.
    await page.getByRole('link', { name: 'Update Card' }).click();
    await page.waitForURL(/\/update-card\/?\?sid=sub_/);
    await fillCard(page, '5555555555554444', 'Pat Buyer');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await page.getByText('MASTERCARD ending in 4444').waitFor();
    expect(path(page)).toBe('/licenses');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a declined card's message when updating the card", async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('declined');
    await signIn(page, email, undefined, '/licenses');
    await buyFromLicensesPage(page);
    await page.getByRole('link', { name: 'Update Card' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.getByText('Your card was declined.').waitFor();
    expect(path(page)).toBe('/update-card');
    await context.close();
  });

  it('shows the past-due banner after a failed renewal, and a new card pays it', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('pastdue');
    await signIn(page, email, undefined, '/licenses');
    await buyFromLicensesPage(page);

    // A card that attaches but whose charges fail, then the renewal date passes.
    await page.getByRole('link', { name: 'Update Card' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4000000000000341');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await advanceStripeClock(32 * 24 * 3600);

    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: 'Your last payment did not go through.' });
    await banner.waitFor();
    await page.getByText('Past due').waitFor();
    await banner.getByRole('link', { name: 'Update your card' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await page.getByText('VISA ending in 4242').waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.getByText('Active', { exact: true }).waitFor();
    await context.close();
  });
});
