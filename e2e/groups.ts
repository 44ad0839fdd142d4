import fs from 'node:fs';
import path from 'node:path';
import type { StripeUse } from './stripe-lock';

// The browser tests run two files at a time on one stack (docs/testing.md, "Browser tests side by
// side"). The Stripe emulator has one clock, and three files move it a month on: every subscription on
// the stack renews. So a file that moves it runs while no file that buys or pays does, and the other
// files (public pages, sign-in, second factors, passkeys) make nothing in Stripe and run beside either
// (e2e/stripe-lock.ts holds the files to this). `__tests__/e2e-groups.test.ts` keeps every file
// outside these lists from buying, paying or moving the clock.

/** The browser test files that move the Stripe emulator's clock (they buy too). */
export const CLOCK_FILES: readonly string[] = [
  'accessibility-account.e2e.test.ts',
  'account-billing.e2e.test.ts',
  'account-licenses.e2e.test.ts',
];

/** The browser test files that make subscriptions, checkouts or payments, and leave the clock. */
export const BUYING_FILES: readonly string[] = [
  'account-assign.e2e.test.ts',
  'account-attacks.e2e.test.ts',
  'account-checkout-started.e2e.test.ts',
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

/** What a browser test file (a path or a name) does with Stripe: moves its clock, buys, or neither. */
export function stripeUse(file: string): StripeUse | undefined {
  const name = path.basename(file);
  if (CLOCK_FILES.includes(name)) return 'clock';
  if (BUYING_FILES.includes(name)) return 'buys';
  return undefined;
}

/** Every browser test file, by name. */
export function e2eFiles(dir = E2E_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.test.ts'))
    .sort();
}

/**
 * The order two workers take the files in, from `ordered` (longest first): each file that moves the
 * clock followed by one that needs nothing of Stripe, so the two run together, then the rest of those,
 * then the buying files, which run together. Any order is safe (the lock waits); this one waits least.
 */
export function sideBySideOrder<T>(ordered: readonly T[], useOf: (item: T) => StripeUse | undefined): T[] {
  const of = (use: StripeUse | undefined) => ordered.filter((item) => useOf(item) === use);
  const clock = of('clock');
  const free = of(undefined);
  const paired = clock.flatMap((item, i) => {
    const beside = free[i];
    return beside === undefined ? [item] : [item, beside];
  });
  return [...paired, ...free.slice(clock.length), ...of('buys')];
}
