import fs from 'node:fs';
import path from 'node:path';
import type { StripeUse } from '../e2e/stripe-lock';
import { BUYING_FILES, CLOCK_FILES, e2eFiles, E2E_DIR, sideBySideOrder, stripeUse } from '../e2e/groups';

// What a browser test uses to buy, pay or move Stripe's clock (e2e/account-helpers.ts and
// scripts/site-screens/accounts.ts). A file that uses one of them without holding the Stripe lock
// could see its subscription renewed by a clock another file moves, and fail once in a while.
const BUYING_MARKERS = [
  'buyFromLicensesPage',
  'fillCard',
  'site-screens/accounts',
  'localStripe',
  "/checkout'",
  '/checkout`',
  '/checkout?',
];
const CLOCK_MARKER = 'advanceStripeClock';

const text = (name: string): string => fs.readFileSync(path.join(E2E_DIR, name), 'utf8');
const buys = (name: string): boolean => BUYING_MARKERS.some((marker) => text(name).includes(marker));

describe('which browser test files hold the Stripe lock', () => {
  it('every file that moves the clock is listed as such, and every file that buys as buying', () => {
    const files = e2eFiles();
    expect(files.filter((name) => text(name).includes(CLOCK_MARKER) && stripeUse(name) !== 'clock')).toEqual(
      [],
    );
    expect(files.filter((name) => buys(name) && stripeUse(name) === undefined)).toEqual([]);
  });

  it('lists only files that exist and do what their list says', () => {
    const files = e2eFiles();
    expect([...CLOCK_FILES, ...BUYING_FILES].filter((name) => !files.includes(name))).toEqual([]);
    expect(CLOCK_FILES.filter((name) => !text(name).includes(CLOCK_MARKER))).toEqual([]);
    expect(BUYING_FILES.filter((name) => !buys(name) || text(name).includes(CLOCK_MARKER))).toEqual([]);
  });
});

describe('the order two workers take the files in', () => {
  it('pairs each clock file with a file that needs nothing of Stripe, and puts the buying ones last', () => {
    const use: Record<string, StripeUse> = { c1: 'clock', c2: 'clock', b1: 'buys', b2: 'buys' };
    const order = sideBySideOrder(['b1', 'f1', 'c1', 'f2', 'c2', 'f3', 'b2', 'f4'], (name) => use[name]);
    expect(order).toEqual(['c1', 'f1', 'c2', 'f2', 'f3', 'f4', 'b1', 'b2']);
  });
});
