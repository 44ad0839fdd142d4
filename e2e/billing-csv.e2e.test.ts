import { readFile } from 'node:fs/promises';
import { sharedBrowser } from './browser';
import { buyFromLicensesPage, createVerifiedUser, newPage, signIn } from './account-helpers';

// The billing history as a CSV file on /licenses: no Download CSV before there is an invoice; after a
// purchase, a click downloads stockbench-billing-history-<day>.csv (playwright's download event), whose
// header and row are the invoice the section lists.

const browser = sharedBrowser();

describe('account journeys: billing history as CSV', () => {
  it('downloads the billing history a bookkeeper can open', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('billing-csv');
    await signIn(page, email, undefined, '/licenses');
    const history = page.getByRole('region', { name: 'Billing History' });
    await history.getByText('No receipts yet.').waitFor();
    await expect(history.getByRole('button', { name: 'Download CSV' }).count()).resolves.toBe(0);

    await page.getByLabel('Number of licenses').fill('2');
    await buyFromLicensesPage(page);
    const rows = history.locator('tbody tr');
    await rows.first().waitFor();
    const number = (
      await rows
        .first()
        .getByRole('link', { name: /^View receipt / })
        .textContent()
    )?.replace('View receipt ', '');
    const receipt = await rows
      .first()
      .getByRole('link', { name: /^View receipt / })
      .getAttribute('href');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stockbench-billing-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header, row, ...rest] = text.split('\r\n');
    expect(header).toBe('Date,Number,Status,Currency,Amount due,Amount paid,Amount refunded,Receipt link');
    expect(row?.split(',')).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      number,
      'paid',
      'USD',
      '30.00',
      '30.00',
      '0.00',
      receipt,
    ]);
    expect(rest).toEqual(['']);
    await expect(history.getByRole('alert').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
