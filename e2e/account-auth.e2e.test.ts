import { sharedBrowser } from './browser';
import { siteUrl } from './site';
import {
  actionLink,
  atSignIn,
  createVerifiedUser,
  newPage,
  openVerifyLink,
  PASSWORD,
  signIn,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';

const FORBIDDEN = /aws-amplify|cognito-idp|js\.stripe\.com|confirmCardPayment/;

const browser = sharedBrowser();

describe('account journeys: sign-up, verification, reset, guards', () => {
  it('signs up, follows the mailed verification link and signs in', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = uniqueEmail('signup');
    await page.goto(`${siteUrl()}/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await atSignIn(page);

    const mail = await waitForMail(email, /mode=verifyEmail/);
    await openVerifyLink(page, mail);
    await page.getByText('Email verified successfully. Please sign in again.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await signIn(page, email);

    // A fresh load of a public page knows the session without loading Amplify; Sign Out loads it.
    // A new tab of the same session, so that only its own scripts are recorded, and each script's body
    // is read as it arrives (a body cannot be read once the page that loaded it has gone).
    const pricing = await context.newPage();
    pricing.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
    const bodies: Promise<string>[] = [];
    const later: string[] = [];
    let signingOut = false;
    pricing.on('response', (res) => {
      if (!res.url().endsWith('.js')) return;
      if (signingOut) later.push(res.url());
      else bodies.push(res.text());
    });
    await pricing.goto(`${siteUrl()}/pricing`, { waitUntil: 'networkidle' });
    await pricing.getByRole('button', { name: 'Account', exact: true }).waitFor();
    const loaded = await Promise.all(bodies);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.some((js) => FORBIDDEN.test(js))).toBe(false);
    signingOut = true;
    await pricing.getByRole('button', { name: 'Account', exact: true }).click();
    await pricing.getByRole('link', { name: 'Profile' }).waitFor();
    await pricing.getByRole('button', { name: 'Sign Out' }).click();
    await atSignIn(pricing);
    // Signed out: the header's Account menu is gone (its Sign In link is not offered on this page).
    await pricing.getByRole('button', { name: 'Account', exact: true }).waitFor({ state: 'detached' });
    expect(later.length).toBeGreaterThan(0); // the lazy auth chunk, on click only
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the mapped sign-in error and an already-taken address', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('taken');
    await page.goto(`${siteUrl()}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Incorrect email address or password.').waitFor();

    await submitSignUp(page, email);
    await page.getByText('Email address already taken.').waitFor();
    await context.close();
  });

  it('resets a password through the mailed link', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('reset');
    await page.goto(`${siteUrl()}/reset-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText(`An email with instructions has been sent to ${email}.`).waitFor();

    const mail = await waitForMail(email, /mode=resetPassword/);
    await page.goto(actionLink(mail, 'resetPassword'));
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 6 characters.').waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm New Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been successfully reset.').waitFor();
    await page.getByRole('link', { name: 'Sign In', exact: true }).last().click();
    await signIn(page, email, 'brand-new-pass');
    await context.close();
  });

  it('sends a signed-out visitor of a guarded page to sign in, and back after', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('guard');
    await page.goto(`${siteUrl()}/profile`);
    await page.waitForURL(/\/sign-in\/?\?next=%2Fprofile/);
    await atSignIn(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/profile\/?$/);
    await page.getByText(`Signed in as ${email}.`).waitFor();
    await context.close();
  });

  it('sends an unverified user to /must-verify-email, and Resend Email mails again', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('unverified');
    await submitSignUp(page, email);
    await atSignIn(page);
    await waitForMail(email, /mode=verifyEmail/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);
    await page.getByText(email, { exact: true }).waitFor();
    // The sign-up email still works, so signing in sent none (e2e/verification-mail.e2e.test.ts).
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await page.getByText(`A new verification email has been sent to ${email}.`).waitFor();
    await waitForMail(email, /mode=verifyEmail/, 2);

    // Not signed in: a guarded page still sends the visitor to sign in.
    await page.goto(`${siteUrl()}/licenses`);
    await atSignIn(page);
    await page.goto(`${siteUrl()}/auth?mode=somethingElse`);
    await page.getByText('Unknown mode.').waitFor();
    await context.close();
  });
});
