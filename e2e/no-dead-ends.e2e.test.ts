import type { Page, Route } from 'playwright-core';
import { localStripe } from '../dev/local-stack';
import { siteConfig } from '../src/config';
import { sharedBrowser } from './browser';
import {
  atSignIn,
  buyFromLicensesPage,
  createVerifiedUser,
  fillCard,
  newPage,
  PASSWORD,
  signIn,
  stackInfo,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';
import { siteUrl } from './site';

// Issue 23, no dead ends: each place where a person was left without an answer, walked in Chromium
// against the local stack. Each test shows what the page now says and the way forward it offers.

const browser = sharedBrowser();

/** Stripe.js as an ad blocker or a dropped connection leaves it: its script never arrives. */
async function blockStripeJs(page: Page): Promise<() => Promise<void>> {
  const { stripeJs } = await stackInfo();
  const abort = (route: Route) => route.abort('blockedbyclient');
  await page.route(stripeJs, abort);
  await page.route('https://js.stripe.com/**', abort);
  return async () => {
    await page.unroute(stripeJs);
    await page.unroute('https://js.stripe.com/**');
  };
}

const noteOf = (page: Page) => page.locator('.account > .message');

describe('no dead ends', () => {
  it('1-2, 8: Download offers a way to be told and the support address; home and changelog agree', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${siteUrl()}/download`);
    // This build links no installers (no GATSBY_INSTALLER_*): no disabled buttons, but what to do.
    await page.getByText('The Stockbench 2.0 installers are not on this site yet.').waitFor();
    expect(await page.getByRole('button', { name: /Download for/ }).count()).toBe(0);
    const notify = page.getByRole('link', { name: 'Email Me When the Installers Are Out' });
    const href = new URL((await notify.getAttribute('href')) ?? '');
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe(siteConfig.supportEmail);
    expect(href.searchParams.get('subject')).toBe('Tell me when the Stockbench 2.0 installers are out');
    await page.getByRole('link', { name: siteConfig.supportEmail }).waitFor();
    await page.getByText(/license modal/).waitFor();
    expect(await page.getByText(/license window/).count()).toBe(0);

    // The changelog has the release the Download page names.
    await page.getByRole('link', { name: 'changelog', exact: true }).click();
    await page.getByRole('heading', { name: '11/1/2026 · Stockbench 2.0' }).waitFor();

    // The home page does not announce as available what this build cannot download.
    await page.goto(`${siteUrl()}/`);
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.getByText(/Stockbench 2\.0 is now available/).count()).toBe(0);
    await context.close();
  });

  it('3: the legal pages say when they last changed, and the privacy policy covers assignees and computers', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`${siteUrl()}/privacy`);
    await page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/).waitFor();
    expect(await page.getByText('Last updated May 30, 2024').count()).toBe(0);
    await page.getByText(/we store that person's email address with the license/).waitFor();
    await page.getByText(/its platform and the application's version/).waitFor();
    await page.goto(`${siteUrl()}/terms`);
    await page.getByText(/^Last updated \w+ \d{1,2}, \d{4}$/).waitFor();
    expect(await page.getByText('Last updated May 30, 2024').count()).toBe(0);
    await context.close();
  });

  it('4: when Stripe.js cannot load, /checkout and /update-card say so, and Try Again recovers', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('blocked');
    await signIn(page, email, PASSWORD, '/licenses');
    await page.getByText('You have no licenses yet.').waitFor();

    const unblock = await blockStripeJs(page);
    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    await page.waitForURL(/\/checkout/);
    const alert = page.getByRole('alert').filter({ hasText: 'The card form could not load.' });
    await alert.waitFor();
    await alert.getByText(/ad blocker or privacy extension/).waitFor();
    expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);

    await unblock();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByLabel('Credit or debit card number').waitFor();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    // 5: after paying, /licenses says it worked.
    await page.waitForURL(/\/licenses\/?\?note=paid$/);
    await noteOf(page).getByText('Payment received.').waitFor();

    // A page opened afresh (Stripe.js is not in memory yet from the checkout).
    const updateCard = await page.getByRole('link', { name: 'Update Card' }).getAttribute('href');
    const unblockAgain = await blockStripeJs(page);
    await page.goto(`${siteUrl()}${updateCard ?? ''}`);
    await page.getByRole('alert').filter({ hasText: 'The card form could not load.' }).waitFor();
    await unblockAgain();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await fillCard(page, '5555555555554444');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.waitForURL(/\/licenses\/?\?note=cardUpdated$/);
    await noteOf(page).getByText('Your card is updated.', { exact: false }).waitFor();
    await context.close();
  });

  it('5: /sign-in says why the user is there: after sign-up, unverified on a protected page, after a password change', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('notes');
    await submitSignUp(page, email);
    await atSignIn(page);
    await noteOf(page)
      .getByText(/Your account is created\. We sent you an email/)
      .waitFor();
    await waitForMail(email, /mode=verifyEmail/);

    // A signed-out visitor of a protected page is told to sign in.
    await page.goto(`${siteUrl()}/profile`);
    await page.waitForURL(/\/sign-in\/?\?next=%2Fprofile&note=signInFirst$/);
    await noteOf(page).getByText('Sign in to open that page. You will be taken back to it.').waitFor();

    // After a password change: it worked, sign in with the new one.
    const verified = await createVerifiedUser('pw');
    await signIn(page, verified, PASSWORD, '/profile');
    const password = page.getByRole('region', { name: 'Change Password' });
    await password.getByLabel('Current Password').fill(PASSWORD);
    await password.getByLabel('New Password').fill('another-secret');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL(/\/sign-in\/?\?note=passwordChanged$/);
    await noteOf(page)
      .getByText(/Your password is changed/)
      .waitFor();

    // After an email change: it worked, and the new address must be verified. Signed in with it
    // unverified, a protected page sends them to /sign-in, saying why.
    await signIn(page, verified, 'another-secret', '/profile');
    const newEmail = uniqueEmail('moved');
    const change = page.getByRole('region', { name: 'Change Email' });
    await change.getByLabel('Current Password').fill('another-secret');
    await change.getByLabel('New Email').fill(newEmail);
    await change.getByRole('button', { name: 'Change Email' }).click();
    await page.waitForURL(/\/sign-in\/?\?note=emailChanged$/);
    await noteOf(page)
      .getByText(/Your email address is changed/)
      .waitFor();
    await page.getByLabel('Email').fill(newEmail);
    await page.getByLabel('Password').fill('another-secret');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);
    await page.goto(`${siteUrl()}/licenses`);
    await page.waitForURL(/\/sign-in\/?\?next=%2Flicenses&note=verifyFirst$/);
    await noteOf(page)
      .getByText(/That page opens once your email address is verified/)
      .waitFor();
    await context.close();
  });

  it('6: a failed reset link leads to a new reset email; a failed recovery link says what to do', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('links');
    await page.goto(`${siteUrl()}/auth?mode=resetPassword&oobCode=000000&email=${encodeURIComponent(email)}`);
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm New Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByRole('link', { name: 'Request a new password reset email' }).click();
    await page.waitForURL(/\/reset-password\/?$/);
    await page.getByRole('button', { name: 'Send Email' }).waitFor();

    await page.goto(`${siteUrl()}/auth?mode=recoverEmail&oobCode=not-a-real-code-123456`);
    await page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' }).waitFor();
    await page.getByRole('link', { name: siteConfig.supportEmail }).waitFor();
    await page.getByRole('link', { name: 'sign in', exact: true }).click();
    await atSignIn(page);

    // A link cut short (no mode) says what to do too.
    await page.goto(`${siteUrl()}/auth?oobCode=123456`);
    await page.getByRole('alert').filter({ hasText: 'Unknown mode.' }).waitFor();
    await page.getByText(/This link is incomplete\. Open it again from the email/).waitFor();
    await context.close();
  });

  it('7: an unpaid checkout can be cancelled, and a new one started', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('drop');
    await signIn(page, email, PASSWORD, '/licenses');
    await page.getByRole('button', { name: 'Buy Licenses' }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByLabel('Credit or debit card number').waitFor();

    // The buyer leaves without paying: /licenses offers to continue or to cancel.
    await page.goto(`${siteUrl()}/licenses`);
    await page.getByRole('link', { name: 'Continue Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Cancel Checkout' }).click();
    await page
      .getByText('Your checkout was cancelled before it was paid, so nothing was charged.', { exact: false })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Continue Checkout' }).count()).toBe(0);

    // Nothing stays open in Stripe: the one subscription is cancelled.
    const { stripeApi } = await stackInfo();
    const stripe = localStripe(Number(new URL(stripeApi).port));
    const [customer] = (await stripe.customers.list({ email })).data;
    expect(customer).toBeDefined();
    const subs = await stripe.subscriptions.list({ customer: customer?.id, status: 'all' });
    expect(subs.data.map((s) => s.status)).toEqual(['canceled']);

    // And the user can start over.
    await buyFromLicensesPage(page);
    await noteOf(page).getByText('Payment received.').waitFor();
    await context.close();
  });
});
