import { sharedBrowser } from './browser';
import {
  atSignIn,
  newPage,
  openVerifyLink,
  signIn,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';
import { until } from './until';

// As people meet it: someone signs up with Bob's address and a password of their own
// and never verifies it. Bob's click on the verification link that reaches him does not hand that
// account over (the page asks for the account's password, which Bob does not have); it shows him how
// to create his own account with the address, which replaces the unverified one.

const browser = sharedBrowser();

describe('nobody can squat an address', () => {
  it('the owner cannot confirm a squatter’s account by clicking, and signs up the address himself', async () => {
    const bob = uniqueEmail('bob');
    const squatter = await newPage(browser());
    await submitSignUp(squatter.page, bob, 'squatters-secret');
    await atSignIn(squatter.page);
    const squattersMail = await waitForMail(bob, /mode=verifyEmail/);

    // Bob opens the link in his mailbox: it asks for the account's password, and Bob's own is not it.
    const owner = await newPage(browser());
    await openVerifyLink(owner.page, squattersMail, 'bobs-own-secret');
    await owner.page.getByText('Incorrect password.').waitFor();
    await owner.page.getByText(/Someone else may have signed up with it/).waitFor();

    // He creates his own account with the address instead (today: "Email address already taken.").
    await owner.page.getByRole('link', { name: 'Create your own account' }).click();
    await owner.page.waitForURL(/\/sign-up/);
    // The URL changes before the sign-up page replaces the verification page, which has a Password
    // field of its own: wait for the new page, with the address the link carries.
    await owner.page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    await until(() => owner.page.getByLabel('Email').inputValue(), bob);
    await owner.page.getByLabel('Password', { exact: true }).fill('bobs-own-secret');
    await owner.page.getByLabel('Confirm Password').fill('bobs-own-secret');
    await owner.page.getByRole('button', { name: 'Create Account' }).click();
    await atSignIn(owner.page);

    // The squatter's link no longer works; Bob's newest one, with his password, verifies his account.
    await openVerifyLink(owner.page, squattersMail, 'bobs-own-secret');
    await owner.page.getByText('This link has expired. Please request a new one.').waitFor();
    await openVerifyLink(owner.page, await waitForMail(bob, /mode=verifyEmail/, 2), 'bobs-own-secret');
    await owner.page.getByText('Email verified successfully. Please sign in again.').waitFor();
    await signIn(owner.page, bob, 'bobs-own-secret');

    // The squatter's account is gone with its password.
    await squatter.page.getByLabel('Email').fill(bob);
    await squatter.page.getByLabel('Password').fill('squatters-secret');
    await squatter.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await squatter.page.getByText('Incorrect email address or password.').waitFor();

    expect([...squatter.errors, ...owner.errors]).toEqual([]);
    await squatter.context.close();
    await owner.context.close();
  });
});
