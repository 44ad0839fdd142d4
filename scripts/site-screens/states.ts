import type { Page } from 'playwright-core';
import { PASSWORD, uniqueEmail } from '../../e2e/account-helpers';
import type { Accounts } from './accounts';

// Every account page in the states a person meets, in the order they can be made: the shopper's empty
// licenses page comes before the checkout that changes it.

type Account = 'signedOut' | 'unverified' | 'buyer' | 'holder' | 'shopper';

export interface PageState {
  id: string;
  caption: string;
  account: Account;
  /** The address, once the accounts exist. */
  path: (accounts: Accounts) => string;
  /** Waits until the page shows the state (after doing what leads to it). */
  reach: (page: Page, accounts: Accounts) => Promise<void>;
  /** Made only after the shopper has started a checkout. */
  afterCheckout?: boolean;
  /** Photographed only on a phone (the menu button shows only there). */
  phoneOnly?: boolean;
}

const button = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first().waitFor();

export const ACCOUNT_STATES: readonly PageState[] = [
  {
    id: 'sign-in',
    caption: '/sign-in',
    account: 'signedOut',
    path: () => '/sign-in',
    reach: (page) => button(page, 'Sign In'),
  },
  {
    id: 'sign-in--error',
    caption: '/sign-in with a wrong password',
    account: 'signedOut',
    path: () => '/sign-in',
    reach: async (page) => {
      await page.getByLabel('Email').fill(uniqueEmail('screens-nobody'));
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Incorrect email address or password.').waitFor();
    },
  },
  {
    id: 'sign-up',
    caption: '/sign-up',
    account: 'signedOut',
    path: () => '/sign-up',
    reach: (page) => button(page, 'Create Account'),
  },
  {
    id: 'reset-password',
    caption: '/reset-password',
    account: 'signedOut',
    path: () => '/reset-password',
    reach: (page) => button(page, 'Send Email'),
  },
  {
    id: 'auth--unknown-mode',
    caption: '/auth with a link it does not know',
    account: 'signedOut',
    path: () => '/auth?mode=other',
    reach: (page) => page.getByText('Unknown mode.').waitFor(),
  },
  {
    id: 'must-verify-email',
    caption: '/must-verify-email after signing in unverified',
    account: 'unverified',
    path: () => '/sign-in',
    reach: async (page, accounts) => {
      await page.getByLabel('Email').fill(accounts.unverified);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(/\/must-verify-email/);
      await button(page, 'Resend Email');
    },
  },
  {
    id: 'profile',
    caption: '/profile',
    account: 'buyer',
    path: () => '/profile',
    reach: (page) => page.getByText(/^Signed in as /).waitFor(),
  },
  {
    id: 'profile--account-menu',
    caption: '/profile with the account menu open',
    account: 'buyer',
    path: () => '/profile',
    reach: async (page) => {
      await page.getByText(/^Signed in as /).waitFor();
      await page.getByRole('button', { name: 'Account', exact: true }).click();
      await page.getByRole('link', { name: 'Licenses', exact: true }).waitFor();
    },
  },
  {
    id: 'licenses--subscribed',
    caption: '/licenses: three licenses, one assigned, one on a computer',
    account: 'buyer',
    path: () => '/licenses',
    reach: async (page) => {
      await page.getByText('VISA ending in 4242').waitFor();
      await page.getByRole('region', { name: 'Devices' }).getByText('Studio iMac').first().waitFor();
      await page.getByRole('region', { name: 'Billing History' }).getByRole('table').waitFor();
    },
  },
  {
    id: 'licenses--assigning',
    caption: '/licenses with the assign form open',
    account: 'buyer',
    path: () => '/licenses',
    reach: async (page) => {
      const rows = page.getByRole('region', { name: 'Your Licenses' }).locator('tbody tr');
      await rows.nth(2).getByRole('button', { name: 'Assign', exact: true }).click();
      await page.getByRole('form', { name: /^Assign license/ }).waitFor();
    },
  },
  {
    id: 'update-card',
    caption: '/update-card',
    account: 'buyer',
    path: (accounts) => accounts.updateCardPath,
    reach: (page) => page.getByLabel('Credit or debit card number').waitFor(),
  },
  {
    id: 'licenses--assigned-to-you',
    caption: '/licenses of a person a license is assigned to',
    account: 'holder',
    path: () => '/licenses',
    reach: (page) => page.getByRole('heading', { name: 'Licenses assigned to you' }).waitFor(),
  },
  {
    id: 'licenses--none',
    caption: '/licenses before buying',
    account: 'shopper',
    path: () => '/licenses',
    reach: (page) => page.getByText('You have no licenses yet.').waitFor(),
  },
  {
    id: 'checkout',
    caption: '/checkout',
    account: 'shopper',
    path: (accounts) => accounts.checkoutPath,
    reach: (page) => page.getByLabel('Credit or debit card number').waitFor(),
    afterCheckout: true,
  },
  {
    id: 'licenses--awaiting-payment',
    caption: '/licenses with a checkout not paid yet',
    account: 'shopper',
    path: () => '/licenses',
    reach: (page) => page.getByRole('link', { name: 'Continue Checkout' }).waitFor(),
    afterCheckout: true,
  },
];

/** Public pages in a state beyond their first view. */
export const PUBLIC_STATES: readonly PageState[] = [
  {
    id: 'home--menu-open',
    caption: '/ with the menu open',
    account: 'signedOut',
    path: () => '/',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
    },
    phoneOnly: true,
  },
];
