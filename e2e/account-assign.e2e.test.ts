import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import {
  atSignIn,
  buyFromLicensesPage,
  createVerifiedUser,
  newPage,
  openVerifyLink,
  PASSWORD,
  signIn,
  siteLink,
  uniqueEmail,
  waitForMail,
} from './account-helpers';
import { until } from './until';

// A company's buyer gives licenses to people: the buyer buys 3 and assigns one to a new address; that
// person gets the key by email, signs up through the mailed link, verifies, signs in and sees the
// license and who pays for it. The buyer then gives it to someone else, and it is gone from the first
// person's page. The purchase's receipt opens from the billing history.

const browser = sharedBrowser();

const ownRows = (page: Page) => page.getByRole('region', { name: 'Your Licenses' }).locator('tbody tr');

/**
 * Assigns the license in `row` to `email` with its button (Assign, or Change when it has a holder), and
 * waits for the answer.
 */
async function assign(
  page: Page,
  key: string,
  email: string,
  button: 'Assign' | 'Change',
  audit?: () => Promise<void>,
): Promise<void> {
  const row = ownRows(page).filter({ hasText: key });
  await row.getByRole('button', { name: button, exact: true }).click();
  const form = page.getByRole('form', { name: `Assign license ${key}` });
  await form.getByLabel('Email address').fill(email);
  if (audit) await audit();
  await form.getByRole('button', { name: 'Assign' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Assigned to ${email}. We emailed them the key and how to start.` })
    .waitFor();
  await row.getByRole('cell', { name: email, exact: true }).waitFor();
}

describe('account journeys: assigning licenses', () => {
  it('assigns a license to a new person, who signs up and sees it, then gives it to someone else', async () => {
    const buyer = await newPage(browser());
    const buyerEmail = await createVerifiedUser('assign-buyer');
    await signIn(buyer.page, buyerEmail, undefined, '/licenses');
    await buyer.page.getByText('You have no licenses yet.').waitFor();
    await buyer.page.getByLabel('Number of licenses').fill('3');
    await buyFromLicensesPage(buyer.page);
    await until(() => ownRows(buyer.page).count(), 3);
    await until(() => ownRows(buyer.page).getByRole('cell', { name: 'You', exact: true }).count(), 3);
    const key = (await ownRows(buyer.page).first().locator('code').textContent()) ?? '';
    expect(key).not.toBe('');

    // The buyer assigns it; axe checks the page with the form open.
    const first = uniqueEmail('assignee');
    let violations = '';
    await assign(buyer.page, key, first, 'Assign', async () => {
      violations = await seriousViolations(buyer.page, '/licenses with the assign form open');
    });
    expect(violations).toBe('');
    const row = ownRows(buyer.page).filter({ hasText: key });
    await row.getByRole('button', { name: 'Take Back' }).waitFor();

    // The mail carries the key and the way in: the sign-up page, with the address filled in.
    const mail = await waitForMail(first, /A Stockbench license for you/);
    expect(mail.text).toContain(key);
    expect(mail.text).toContain(buyerEmail);
    const assignee = await newPage(browser());
    await assignee.page.goto(siteLink(mail, '/sign-up'));
    const emailField = assignee.page.getByLabel('Email');
    await until(() => emailField.inputValue(), first);
    await assignee.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await assignee.page.getByLabel('Confirm Password').fill(PASSWORD);
    await assignee.page.getByRole('button', { name: 'Create Account' }).click();
    await atSignIn(assignee.page);
    await openVerifyLink(assignee.page, await waitForMail(first, /mode=verifyEmail/));
    await assignee.page.getByText('Email verified successfully. Please sign in again.').waitFor();

    await signIn(assignee.page, first, PASSWORD, '/licenses');
    const held = assignee.page.getByRole('region', { name: 'Licenses assigned to you' });
    const heldRow = held.locator('tbody tr').filter({ hasText: key });
    await heldRow.getByText(`Paid by ${buyerEmail}`, { exact: true }).waitFor();
    await heldRow.getByText('None - renews monthly').waitFor();
    await expect(held.getByRole('button').allTextContents()).resolves.toEqual(['Copy']);
    await assignee.page.getByText('You have not bought any licenses.').waitFor();

    // The buyer gives it to someone else: the first person is told, and it leaves their page.
    const second = uniqueEmail('assignee-next');
    await assign(buyer.page, key, second, 'Change');
    await expect(row.getByRole('cell', { name: first, exact: true }).count()).resolves.toBe(0);
    await waitForMail(second, /A Stockbench license for you/);
    await waitForMail(first, /Your Stockbench license was taken back/);
    await assignee.page.reload();
    await assignee.page.getByText('You have no licenses yet.').waitFor();
    await expect(held.count()).resolves.toBe(0);

    // The purchase's receipt opens from the buyer's billing history.
    const receipts = buyer.page.getByRole('region', { name: 'Billing History' }).locator('tbody tr');
    await until(() => receipts.count(), 1);
    const [receipt] = await Promise.all([
      buyer.context.waitForEvent('page'),
      receipts
        .first()
        .getByRole('link', { name: /^View receipt / })
        .click(),
    ]);
    await receipt.waitForLoadState();
    await receipt.getByRole('heading', { level: 1, name: 'Stockbench' }).waitFor();
    await receipt.getByRole('row', { name: 'Amount paid $45.00' }).waitFor();

    expect([...buyer.errors, ...assignee.errors]).toEqual([]);
    await buyer.context.close();
    await assignee.context.close();
  });
});
