import { sharedBrowser } from './browser';
import { createVerifiedUser, fillCard, newPage, signIn, waitForMail } from './account-helpers';
import { outsideValueColumn } from './layout';
import { until } from './until';

// The billing history on /licenses: after a purchase and an add, each shows as a receipt row; the
// receipt link opens the receipt page (served offline by the Stripe emulator) in a new tab, and the
// PDF link answers a PDF. Each payment's receipt also arrives by mail, linking the same page. On a
// phone each row is a card of label and value lines: the receipt's links and the "·" between them sit
// in the value column, beside their label, never under it.

const browser = sharedBrowser();

describe('account journeys: receipts', () => {
  it('lists the purchase and the add, and opens the receipt page with the amount paid', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('receipts');
    await signIn(page, email, undefined, '/licenses');
    const history = page.getByRole('region', { name: 'Billing History' });
    await history.getByText('No receipts yet.').waitFor();

    await page.getByLabel('Number of licenses').fill('2');
    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);

    const rows = history.locator('tbody tr');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(1);
    const cells = await rows.first().getByRole('cell').allTextContents();
    expect(cells.slice(1, 3)).toEqual(['$30.00', 'Paid']);
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // An add makes a second invoice; the section reads the list again, newest first.
    await page.getByLabel('Number of licenses').fill('1');
    await page.getByRole('button', { name: 'Add Licenses' }).click();
    await page.getByRole('button', { name: 'Confirm and Pay' }).click();
    await until(() => rows.count(), 2);
    await expect(rows.nth(1).getByRole('cell').nth(1).textContent()).resolves.toBe('$30.00');

    // The purchase's receipt opens in a new tab, without a handle on this page.
    const link = rows.nth(1).getByRole('link', { name: /^View receipt / });
    const [receipt] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await receipt.waitForLoadState();
    await receipt.getByRole('heading', { level: 1, name: 'Stockbench' }).waitFor();
    await receipt.getByText('Paid', { exact: true }).waitFor();
    await receipt.getByRole('row', { name: 'Amount paid $30.00' }).waitFor();
    await expect(receipt.evaluate(() => window.opener === null)).resolves.toBe(true);

    const pdfHref = await rows.nth(1).getByRole('link', { name: /^PDF / }).getAttribute('href');
    const pdf = await fetch(pdfHref ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);

    // Both payments' receipts are in the outbox, with their amounts and the same receipt pages.
    const added = await waitForMail(email, /Your Stockbench receipt/, 2);
    expect(added.text).toContain('1 license added, charged for the rest of the current period');
    const first = await waitForMail(email, /Your Stockbench receipt: \$30\.00/);
    expect(first.text).toContain("Your subscription's first month: 2 licenses");
    const receiptHref = await link.getAttribute('href');
    expect(first.html).toContain(`href="${receiptHref ?? ''}"`);

    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const row of await rows.all()) {
        const cell = row.locator('td[data-label="Receipt"]');
        const links = await cell.getByRole('link').allTextContents();
        expect(links.map((l) => l.replace(/ EMU-\d+$/, ''))).toEqual(['View receipt', 'PDF']);
        await expect(cell.textContent()).resolves.toMatch(/^View receipt EMU-\d+ · PDF EMU-\d+$/);
        expect({ width, outside: await outsideValueColumn(cell) }).toEqual({ width, outside: [] });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
