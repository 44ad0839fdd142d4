import { sharedBrowser } from './browser';
import { siteUrl } from './site';
import {
  actionLink,
  atSignIn,
  buyFromLicensesPage,
  createVerifiedUser,
  newPage,
  PASSWORD,
  path,
  signIn,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';
import { until } from './until';

const browser = sharedBrowser();

describe('account journeys: profile', () => {
  it('changes the email, and the old address recovers it through its mailed link', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('mover');
    const taken = await createVerifiedUser('other');
    const newEmail = uniqueEmail('moved');
    await signIn(page, email, undefined, '/profile');
    const section = page.getByRole('region', { name: 'Change Email' });

    await section.getByLabel('Current Password').fill('wrong-password');
    await section.getByLabel('New Email').fill(newEmail);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await section.getByText('Incorrect current password.').waitFor();

    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByLabel('New Email').fill(taken);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await section.getByText('New email is already taken.').waitFor();

    await section.getByLabel('New Email').fill(newEmail);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await atSignIn(page);
    // Signed out: the header's Account menu is gone (its Sign In link is not offered on this page).
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor({ state: 'detached' });

    const mail = await waitForMail(email, /mode=recoverEmail/);
    await page.goto(actionLink(mail, 'recoverEmail'));
    await page.getByText(newEmail).waitFor();
    await page.getByRole('button', { name: 'Recover' }).click();
    await page.getByText(`Email address has been successfully restored to ${email}.`).waitFor();
    // The recovery voided the password (whoever changed the address may know it) and mailed the
    // restored address a link to choose a new one; the page leads there with the address filled in.
    await page.getByRole('link', { name: 'Choose a New Password' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/reset-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    // The old password opens nothing now, and the sign-in page says what to do.
    await page.goto(`${siteUrl()}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByText('The password of this account no longer works, because the account was recovered.', {
        exact: false,
      })
      .waitFor();
    // The link the recovery mailed sets a new password, which signs in.
    await page.goto(actionLink(await waitForMail(email, /mode=resetPassword/), 'resetPassword'));
    await page.getByLabel('New Password', { exact: true }).fill('my-new-secret');
    await page.getByLabel('Confirm New Password').fill('my-new-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been successfully reset.').waitFor();
    await signIn(page, email, 'my-new-secret');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a look-alike address at sign-up, naming the character', async () => {
    const { context, page } = await newPage(browser());
    const lookalike = `\u212A${uniqueEmail('kelvin').slice(1)}`;
    await submitSignUp(page, lookalike);
    const message = await page
      .getByLabel('Email')
      .evaluate((input) => (input as HTMLInputElement).validationMessage);
    expect(message).toContain('“\u212A” (U+212A), which only looks like “K”');
    expect(path(page)).toBe('/sign-up');
    await context.close();
  });

  it('changes the password (signed out after), and the new one signs in', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('pass');
    await signIn(page, email, undefined, '/profile');
    const section = page.getByRole('region', { name: 'Change Password' });
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByLabel('New Password').fill('abc');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await section.getByText('New password must be at least 6 characters.').waitFor();
    await section.getByLabel('Current Password').fill('not-my-password');
    await section.getByLabel('New Password').fill('another-secret');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await section.getByText('Incorrect current password.').waitFor();
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await atSignIn(page);
    await signIn(page, email, 'another-secret');
    await context.close();
  });

  it('deletes the account with a subscription and says so', async () => {
    const { context, page } = await newPage(browser());
    const email = await createVerifiedUser('leaver');
    await signIn(page, email, undefined, '/licenses');
    await buyFromLicensesPage(page);
    await page.locator('.license-table').waitFor();

    await page.goto(`${siteUrl()}/profile`);
    const section = page.getByRole('region', { name: 'Delete Account' });
    const button = section.getByRole('button', { name: 'Delete Account' });
    await section.getByLabel('Current Password').fill('wrong-password');
    await section.getByLabel('Confirmation').fill('delete');
    await until(() => button.isDisabled(), true);
    await section.getByLabel('Confirmation').fill('DELETE');
    await button.click();
    await section.getByText('Incorrect current password.').waitFor();
    expect(path(page)).toBe('/profile'); // still signed in

    await section.getByLabel('Current Password').fill(PASSWORD);
    await button.click();
    await page.getByText('Account deleted successfully.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();

    await page.goto(`${siteUrl()}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Incorrect email address or password.').waitFor();
    await context.close();
  });
});

describe('account journeys: a changed address is verified by its link', () => {
  it('signs in with the new address, is asked to verify it, and the link verifies it', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = await createVerifiedUser('verifynew');
    const newEmail = uniqueEmail('verifiednew');
    await signIn(page, email, undefined, '/profile');
    const section = page.getByRole('region', { name: 'Change Email' });
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByLabel('New Email').fill(newEmail);
    await section.getByRole('button', { name: 'Change Email' }).click();
    await atSignIn(page);

    await page.getByLabel('Email').fill(newEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);
    await page.getByText(newEmail, { exact: true }).waitFor();

    // Signed in but unverified: guarded pages send the user to /sign-in.
    await page.goto(`${siteUrl()}/licenses`);
    await atSignIn(page);

    const mail = await waitForMail(newEmail, /mode=verifyEmail/);
    await page.goto(actionLink(mail, 'verifyEmail'));
    await page.getByText('Email verified successfully. Please sign in again.').waitFor();
    await page.goto(`${siteUrl()}/profile`);
    await page.getByText(`Signed in as ${newEmail}.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
