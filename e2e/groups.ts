import fs from 'node:fs';
import path from 'node:path';

// The browser tests run as two Jest runs side by side on one stack (docs/testing.md, "Browser tests").
// The Stripe emulator has one clock, and three files move it a month on: every subscription on the
// stack renews. A file that buys or pays therefore runs in the Stripe run, one file at a time; the
// other files (public pages, sign-in, second factors, passkeys) make nothing in Stripe and run beside
// it. `__tests__/e2e-groups.test.ts` keeps every file outside this list from buying or paying.

/** The browser test files that make subscriptions, checkouts or payments, or move Stripe's clock. */
export const STRIPE_FILES: readonly string[] = [
  'accessibility-account.e2e.test.ts',
  'account-assign.e2e.test.ts',
  'account-attacks.e2e.test.ts',
  'account-billing.e2e.test.ts',
  'account-checkout-started.e2e.test.ts',
  'account-licenses.e2e.test.ts',
  'account-profile.e2e.test.ts',
  'account-receipts.e2e.test.ts',
  'billing-csv.e2e.test.ts',
  'checkout-look.e2e.test.ts',
  'devices.e2e.test.ts',
  'narrow-screens.e2e.test.ts',
  'no-dead-ends.e2e.test.ts',
  'words-and-actions.e2e.test.ts',
];

export const E2E_DIR = __dirname;

/** Every browser test file, by name. */
export function e2eFiles(dir = E2E_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .sort();
}

/** The two runs' files, as paths: the Stripe run's, and those that run beside it. */
export function e2eGroups(dir = E2E_DIR): { stripe: string[]; beside: string[] } {
  const files = e2eFiles(dir);
  const full = (name: string) => path.join(dir, name);
  return {
    stripe: files.filter((name) => STRIPE_FILES.includes(name)).map(full),
    beside: files.filter((name) => !STRIPE_FILES.includes(name)).map(full),
  };
}
