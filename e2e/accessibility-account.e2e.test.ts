import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { sharedBrowser } from './browser';
import { siteUrl } from './site';
import {
  actionLink,
  advanceStripeClock,
  atSignIn,
  createVerifiedUser,
  fillCard,
  newPage,
  PASSWORD,
  signIn,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';

// axe-core over every account page, in the states a person meets: signed out, unverified, signed in
// with and without a subscription, the forms with their error and success messages, and the pages the
// mailed links open. Each check runs once the page shows what is being checked.

const browser = sharedBrowser();

/** Collects the findings of one journey, so a run reports every page's violations at once. */
function auditor(page: Page): { check: (state: string) => Promise<void>; report: () => string } {
  const found: string[] = [];
  return {
    check: async (state) => {
      const text = await seriousViolations(page, state);
      if (text) found.push(text);
    },
    report: () => found.join('\n\n'),
  };
}

describe('axe-core on the account pages', () => {
  it('signed out: sign-in, sign-up, reset-password and an unknown link, with their messages', async () => {
    const { context, page } = await newPage(browser());
    const { check, report } = auditor(page);
    const email = await createVerifiedUser('a11y-out');

    await atSignInPage(page);
    await check('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Incorrect email address or password.').waitFor();
    await check('/sign-in with an error');

    await page.goto(`${siteUrl()}/sign-up`);
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await check('/sign-up');
    await page.getByLabel('Email').fill(uniqueEmail('a11y-never'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await check('/sign-up with an error');

    await page.goto(`${siteUrl()}/reset-password`);
    await page.getByRole('button', { name: 'Send Email' }).waitFor();
    await check('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText(`An email with instructions has been sent to ${email}.`).waitFor();
    await check('/reset-password, sent');

    await page.goto(`${siteUrl()}/auth?mode=somethingElse`);
    await page.getByText('Unknown mode.').waitFor();
    await check('/auth with an unknown mode');

    // The reset link from the mail above.
    await page.goto(actionLink(await waitForMail(email, /mode=resetPassword/), 'resetPassword'));
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await check('/auth?mode=resetPassword');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 6 characters.').waitFor();
    await check('/auth?mode=resetPassword with an error');

    expect(report()).toBe('');
    await context.close();
  });

  it('a new account: must-verify-email, Resend Email, and the verification link', async () => {
    const { context, page } = await newPage(browser());
    const { check, report } = auditor(page);
    const email = uniqueEmail('a11y-new');
    await submitSignUp(page, email);
    await atSignIn(page);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);
    await page.getByText(email, { exact: true }).waitFor();
    await check('/must-verify-email');
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await page.getByText(`A new verification email has been sent to ${email}.`).waitFor();
    await check('/must-verify-email, sent again');

    await page.goto(actionLink(await waitForMail(email, /mode=verifyEmail/), 'verifyEmail'));
    await page.getByLabel('Password').waitFor();
    await check('/auth?mode=verifyEmail, asking for the password');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Email verified successfully. Please sign in again.').waitFor();
    await check('/auth?mode=verifyEmail, verified');

    expect(report()).toBe('');
    await context.close();
  });

  it('signed in: profile, the account menu, and the recover-email link', async () => {
    const { context, page } = await newPage(browser());
    const { check, report } = auditor(page);
    const email = await createVerifiedUser('a11y-profile');
    await signIn(page, email, undefined, '/profile');
    await page.getByText(`Signed in as ${email}.`).waitFor();
    await check('/profile');

    const section = page.getByRole('region', { name: 'Change Email' });
    await section.getByLabel('Current Password').fill('wrong-password');
    await section.getByLabel('New Email').fill(uniqueEmail('a11y-nope'));
    await section.getByRole('button', { name: 'Change Email' }).click();
    await section.getByText('Incorrect current password.').waitFor();
    await check('/profile with an error');

    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    await check('/profile with the account menu open');
    await page.keyboard.press('Escape');

    const newEmail = uniqueEmail('a11y-moved');
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByLabel('New Email').fill(newEmail);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await atSignIn(page);
    await page.goto(actionLink(await waitForMail(email, /mode=recoverEmail/), 'recoverEmail'));
    await page.getByRole('button', { name: 'Recover' }).waitFor();
    await page.getByText(newEmail).waitFor();
    await check('/auth?mode=recoverEmail');
    await page.getByRole('button', { name: 'Recover' }).click();
    await page.getByText(`Email address has been successfully restored to ${email}.`).waitFor();
    await check('/auth?mode=recoverEmail, restored');

    expect(report()).toBe('');
    await context.close();
  });

  it('licenses without and with a subscription, checkout, update-card and the past-due banner', async () => {
    const { context, page } = await newPage(browser());
    const { check, report } = auditor(page);
    await signIn(page, await createVerifiedUser('a11y-buyer'), undefined, '/licenses');
    await page.getByText('You have no licenses yet.').waitFor();
    await check('/licenses without a subscription');

    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByLabel('Credit or debit card number').waitFor();
    await check('/checkout');
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await check('/checkout with a declined card');
    await page.getByLabel('Credit or debit card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await page.getByText('VISA ending in 4242').waitFor();
    await check('/licenses with a subscription');

    await page.getByLabel('Number of licenses').fill('1');
    await page.getByRole('button', { name: 'Add Licenses' }).click();
    await page.getByRole('button', { name: 'Confirm and Pay' }).waitFor();
    await check('/licenses, adding a license');
    await page.getByRole('button', { name: 'Remove' }).first().click();
    await page.getByRole('button', { name: 'Confirm Remove' }).waitFor();
    await check('/licenses, removing a license');

    // A card that attaches but whose charges fail, then the renewal date passes: the banner shows.
    await page.getByRole('link', { name: 'Update Card' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await check('/update-card');
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await check('/update-card with a declined card');
    await page.getByLabel('Credit or debit card number').fill('4000000000000341');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.waitForURL(/\/licenses\/?(\?note=\w+)?$/);
    await advanceStripeClock(32 * 24 * 3600);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Your last payment did not go through.' }).waitFor();
    await check('/licenses, past due');

    expect(report()).toBe('');
    await context.close();
  });
});

/** Opens /sign-in signed out and waits for its form. */
async function atSignInPage(page: Page): Promise<void> {
  await page.goto(`${siteUrl()}/sign-in`);
  await atSignIn(page);
}
