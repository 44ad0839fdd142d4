import { sharedBrowser } from './browser';
import {
  actionLink,
  atSignIn,
  newPage,
  openVerifyLink,
  PASSWORD,
  stackInfo,
  submitSignUp,
  uniqueEmail,
  waitForMail,
} from './account-helpers';

// One verification email per request, on the real local stack: signing in right after signing up
// sends no second email, a re-sent email is announced, its link verifies, and the older link answers
// the expired-link message.

const browser = sharedBrowser();

async function verificationMails(to: string): Promise<number> {
  const info = await stackInfo();
  const res = await fetch(`${info.outbox}/messages.json?to=${encodeURIComponent(to)}`);
  const mails = (await res.json()) as { html: string }[];
  return mails.filter((m) => /mode=verifyEmail/.test(m.html)).length;
}

describe('verification emails', () => {
  it('sends none on the first sign-in, announces a re-send, and only the newest link works', async () => {
    const { context, page, errors } = await newPage(browser());
    const email = uniqueEmail('onemail');
    await submitSignUp(page, email);
    await atSignIn(page);
    const first = await waitForMail(email, /mode=verifyEmail/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/must-verify-email/);
    await page.getByText('A verification email has been sent to').waitFor();

    await page.getByRole('button', { name: 'Resend Email' }).click();
    await page
      .getByText(
        `A new verification email has been sent to ${email}. Links in earlier verification emails no longer work.`,
      )
      .waitFor();
    const newest = await waitForMail(email, /mode=verifyEmail/, 2);
    expect(actionLink(newest, 'verifyEmail')).not.toBe(actionLink(first, 'verifyEmail'));
    // The sign-in sent nothing: the sign-up email and the one Resend Email asked for.
    expect(await verificationMails(email)).toBe(2);

    await openVerifyLink(page, first);
    await page.getByText('This link has expired. Please request a new one.').waitFor();

    await openVerifyLink(page, newest);
    await page.getByText('Email verified successfully. Please sign in again.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
