import type { Page } from 'playwright-core';
import { sharedBrowser } from './browser';
import {
  advanceStripeClock,
  createVerifiedUser,
  fillCard,
  newPage,
  signIn,
  waitForMail,
} from './account-helpers';
import { overflowAtEachWidth } from './layout';
import { until } from './until';

// The billing relationship in the browser: buying with an order summary and the terms, adding, leaving
// in one step, keeping one license renewing, the guarantee's refund; a second refund (from another
// tab), a second account on the same card and a refund after the first month are refused with their
// reasons; a company's details on its invoices.

const browser = sharedBrowser();

const rows = (page: Page) => page.locator('.license-table tbody tr');
const renewingLabels = (page: Page) => page.getByText('None - renews monthly');

/** Buys `count` licenses from /licenses with this card, checking the order summary and terms first. */
async function buy(page: Page, count: number, card: string): Promise<void> {
  await page.getByLabel('Number of licenses').fill(String(count));
  await page.getByRole('button', { name: 'Buy Licenses' }).click();
  await page.waitForURL(/\/checkout/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await summary
    .getByText(`Then $${count * 15}.00 every month until you cancel; cancel any time on the Licenses page.`)
    .waitFor();
  await page
    .getByText(/By selecting Pay, you agree to the Terms of Service \(version of \w+ \d+, \d{4}\)/)
    .waitFor();
  await page.getByLabel('Credit or debit card number').waitFor();
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
  await until(() => rows(page).count(), count);
}

describe('account journeys: leaving, coming back, the guarantee', () => {
  it('adds, cancels in one step, keeps one renewing, refunds; a second refund and the same card are refused', async () => {
    const card = '4000056655665556';
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('guarantee');
    await signIn(page, email, undefined, '/licenses');
    await buy(page, 2, card);
    await page.getByText(/^Next charge: \$30\.00 on \d\d\/\d\d\/\d{4}, for 2 Licenses renewing\.$/).waitFor();

    // Add one, then leave in one step: the confirmation states the day service ends.
    await page.getByLabel('Number of licenses').fill('1');
    await page.getByRole('button', { name: 'Add Licenses' }).click();
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await until(() => rows(page).count(), 3);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByText(/They keep working until \d\d\/\d\d\/\d{4}/).waitFor();
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page
      .getByText(/Your subscription is cancelled: .* Your licenses work until \d\d\/\d\d\/\d{4}\./)
      .waitFor();
    await page.getByText(/^Your subscription ends on \d\d\/\d\d\/\d{4}\./).waitFor();
    await until(() => renewingLabels(page).count(), 0);

    // Keep one renewing: the subscription no longer ends, and the next charge is that one license.
    await rows(page)
      .first()
      .getByRole('button', { name: /^Keep Renewing license/ })
      .click();
    await until(() => renewingLabels(page).count(), 1);
    await page.getByText(/^Next charge: \$15\.00 on/).waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();

    // Another tab shows the offer too; the refund is asked for in this one.
    const other = await context.newPage();
    await other.goto(page.url());
    const offerElsewhere = other.getByRole('region', { name: 'Satisfaction Guarantee' });
    await offerElsewhere.getByRole('button', { name: 'Request a Refund' }).waitFor();

    const offer = page.getByRole('region', { name: 'Satisfaction Guarantee' });
    await offer
      .getByText(/every payment of this subscription back, \$\d+\.\d\d, until \d\d\/\d\d\/\d{4}/)
      .waitFor();
    await offer.getByRole('button', { name: 'Request a Refund' }).click();
    await offer.getByRole('button', { name: 'Confirm Refund' }).click();
    await page
      .getByText(/^We refunded \$\d+\.\d\d to your card\. Your subscription and its licenses have ended/)
      .waitFor();
    // The page says the subscription ended, with the three licenses that ended with it, none in force.
    const ended = page.getByRole('region', { name: 'Your subscription has ended' });
    await until(
      () => ended.getByRole('table', { name: 'Licenses that ended' }).locator('tbody tr').count(),
      3,
    );
    await page.getByText('You have no licenses in force.').waitFor();
    // That view fits a phone and a tablet too (its table of ended licenses included).
    expect(await overflowAtEachWidth(page, 'licenses after a refund')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    const mail = await waitForMail(email, /Your Stockbench refund of \$\d+\.\d\d/);
    expect(mail.text).toContain('Your subscription and its 3 licenses ended with the refund.');

    // The second refund, from the other tab: refused with its reason.
    await offerElsewhere.getByRole('button', { name: 'Request a Refund' }).click();
    await offerElsewhere.getByRole('button', { name: 'Confirm Refund' }).click();
    await offerElsewhere
      .getByRole('alert')
      .getByText('This subscription was already refunded under the satisfaction guarantee.')
      .waitFor();

    // A second account paying with the same card: the page says why the guarantee does not apply.
    const second = await newPage(browser());
    await signIn(second.page, await createVerifiedUser('samecard'), undefined, '/licenses');
    await buy(second.page, 1, card);
    const note = second.page.getByRole('region', { name: 'Satisfaction Guarantee' });
    await note.getByText(/^The satisfaction guarantee applies once per household per year\./).waitFor();
    expect(await note.getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await second.context.close();
    await context.close();
  });

  it('puts a company on its invoices, and refuses the guarantee after the first month', async () => {
    const { context, page, errors } = await newPage(browser());
    await signIn(page, await createVerifiedUser('company'), undefined, '/licenses');
    await buy(page, 1, '4111111111111111');

    await page.getByRole('button', { name: 'Add Billing Details' }).click();
    await page.getByLabel('Company name').fill('Acme Research GmbH');
    await page.getByLabel('Address', { exact: true }).fill('Hauptstr. 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10115');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Tax ID type (optional)').selectOption('eu_vat');
    await page.getByLabel('Tax ID', { exact: true }).fill('DE 1234');
    await page.getByRole('button', { name: 'Save Billing Details' }).click();
    await page
      .getByText('The tax ID does not have the format of the type chosen. Check it and try again.')
      .waitFor();
    await page.getByLabel('Tax ID', { exact: true }).fill('DE123456789');
    await page.getByRole('button', { name: 'Save Billing Details' }).click();
    await page.getByText('Saved. Your next invoices show these details.').waitFor();
    await page
      .getByText(/Acme Research GmbH, Hauptstr\. 1, 10115 Berlin, Germany, Tax ID: DE123456789/)
      .waitFor();

    // The first month passes (the emulator's clock): the renewal's invoice is the company's, and the
    // guarantee no longer applies, which the page says.
    await advanceStripeClock(32 * 24 * 3600);
    await page.reload();
    const note = page.getByRole('region', { name: 'Satisfaction Guarantee' });
    await note
      .getByText(
        /^The satisfaction guarantee applies within the first month of a subscription; for this one that was until /,
      )
      .waitFor();
    const history = page.getByRole('region', { name: 'Billing History' });
    const newest = history.getByRole('link', { name: /^View receipt / }).first();
    const [receipt] = await Promise.all([context.waitForEvent('page'), newest.click()]);
    await receipt.getByText(/Acme Research GmbH/).waitFor();
    await receipt.getByText(/Tax ID \(eu_vat\): DE123456789/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
