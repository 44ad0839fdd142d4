import { sharedBrowser } from './browser';
import { buyFromLicensesPage, createVerifiedUser, newPage, PASSWORD, signIn } from './account-helpers';
import { siteUrl } from './site';

// What an attacker tries from the browser: another account's checkout or update-card link, and a
// sign-in link that would send the user off the site afterwards.

const browser = sharedBrowser();

describe('account journeys: links an attacker sends', () => {
  it("another account's checkout link shows the incomplete-link message and no card form", async () => {
    // The victim starts a checkout for 5 licenses; its client secret comes back from setup-checkout.
    const victim = await newPage(browser());
    await signIn(victim.page, await createVerifiedUser('victim'), undefined, '/licenses');
    await victim.page.getByText('You have no licenses yet.').waitFor();
    await victim.page.getByLabel('Number of licenses').fill('5');
    // The body is read as the response arrives, while the page that asked for it is still there.
    const setup = victim.page
      .waitForResponse((r) => r.url().endsWith('/api/setup-checkout'))
      .then((r) => r.json() as Promise<{ sec: string }>);
    await victim.page.getByRole('button', { name: 'Buy Licenses' }).click();
    const { sec } = await setup;
    await victim.page.getByText('$75.00 per month').waitFor();
    await victim.context.close();

    // The attacker opens it with count=1: the page asks the BFF, which says the secret is not theirs.
    const attacker = await newPage(browser());
    await signIn(attacker.page, await createVerifiedUser('attacker'));
    await attacker.page.goto(`${siteUrl()}/checkout?sec=${encodeURIComponent(sec)}&count=1`);
    await attacker.page.getByText('This checkout link is incomplete.').waitFor();
    await expect(attacker.page.getByText('$15.00 per month').count()).resolves.toBe(0);
    await expect(attacker.page.getByLabel('Credit or debit card number').count()).resolves.toBe(0);
    // Nor does the secret stay in the address bar.
    expect(attacker.page.url()).not.toContain(sec);
    expect(attacker.errors).toEqual([]);
    await attacker.context.close();
  });

  it("another account's update-card link is refused before any card form, with a way back", async () => {
    const victim = await newPage(browser());
    await signIn(victim.page, await createVerifiedUser('victim-card'), undefined, '/licenses');
    await victim.page.getByText('You have no licenses yet.').waitFor();
    await buyFromLicensesPage(victim.page);
    const link = (await victim.page.getByRole('link', { name: 'Update Card' }).getAttribute('href')) ?? '';
    expect(link).toMatch(/^\/update-card\?sid=sub_/);
    await victim.context.close();

    const attacker = await newPage(browser());
    await signIn(attacker.page, await createVerifiedUser('attacker-card'));
    await attacker.page.goto(`${siteUrl()}${link}`);
    await attacker.page
      .getByRole('alert')
      .filter({ hasText: 'not for a subscription of your account' })
      .waitFor();
    await expect(attacker.page.getByLabel('Credit or debit card number').count()).resolves.toBe(0);
    await expect(attacker.page.getByRole('button', { name: 'Update Card' }).count()).resolves.toBe(0);
    await attacker.page.getByRole('link', { name: 'Back to your licenses' }).click();
    await attacker.page.waitForURL(/\/licenses\/?$/);
    expect(attacker.errors).toEqual([]);
    await attacker.context.close();
  });

  it.each(['/%5Cevil.example', '/%09/evil.example', '//evil.example', 'https://evil.example/'])(
    'sign-in with next=%s stays on the site',
    async (next) => {
      const { context, page, errors } = await newPage(browser());
      const email = await createVerifiedUser('next');
      await page.goto(`${siteUrl()}/sign-in?next=${next}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      // Signed in, the form navigates to where `next` leads: the home page of this site.
      const origin = new URL(siteUrl()).origin;
      await page.waitForURL((url) => url.origin === origin && url.pathname === '/');
      await page.getByRole('button', { name: 'Account', exact: true }).waitFor();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
