import { sharedBrowser } from './browser';
import {
  atSignIn,
  newPage,
  openVerifyLink,
  PASSWORD,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';
import { siteUrl } from './site';

// An unverified user whom a protected page sent away comes back to it once verified and signed in
// (without this they land on /must-verify-email and then on the home page).

const browser = sharedBrowser();

describe('account journeys: back to the page after verifying', () => {
  it('a new account sent from /licenses verifies its address and, signing in, lands on /licenses', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = uniqueEmail('return');
    await submitSignUp(page, email);
    await atSignIn(page);

    // Not verified yet: /licenses sends them to sign in, and signing in to the verify page.
    await page.goto(`${siteUrl()}/licenses`);
    await page.waitForURL(/\/sign-in\/?\?next=%2Flicenses/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);

    // The mailed link verifies the address; the home page asks to sign in again.
    await openVerifyLink(page, await waitForMail(email, /mode=verifyEmail/));
    await page.getByText('Email verified successfully. Please sign in again.').waitFor();

    await page.goto(`${siteUrl()}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/licenses');
    await page.getByText('You have no licenses yet.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
