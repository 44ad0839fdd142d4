import fs from 'node:fs';
import path from 'node:path';
import { e2eFiles, e2eGroups, E2E_DIR, STRIPE_FILES } from '../e2e/groups';

// What a browser test uses to buy, pay or move Stripe's clock (e2e/account-helpers.ts and
// scripts/site-screens/accounts.ts). A file that uses one of them and runs beside the Stripe run could
// see its subscription renewed by a clock another file moves, and fail once in a while.
const STRIPE_MARKERS = [
  'advanceStripeClock',
  'buyFromLicensesPage',
  'fillCard',
  'site-screens/accounts',
  'localStripe',
  "/checkout'",
  '/checkout`',
  '/checkout?',
];

describe('the two browser test runs', () => {
  it('every file beside the Stripe run is free of buying, paying and the clock', () => {
    const offenders = e2eGroups()
      .beside.map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))
      .flatMap(({ file, text }) =>
        STRIPE_MARKERS.filter((marker) => text.includes(marker)).map(
          (marker) => `${path.basename(file)} uses ${marker}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('names only files that exist, and together the two runs hold every file once', () => {
    const files = e2eFiles();
    expect(STRIPE_FILES.filter((name) => !files.includes(name))).toEqual([]);
    const { stripe, beside } = e2eGroups();
    expect([...stripe, ...beside].map((f) => path.basename(f)).sort()).toEqual(files);
    expect(stripe.length).toBeGreaterThan(0);
    expect(beside.length).toBeGreaterThan(0);
    expect(path.dirname(stripe[0] ?? '')).toBe(E2E_DIR);
  });

  it('lists only files that use Stripe: the rest run beside it', () => {
    const idle = STRIPE_FILES.filter((name) => {
      const text = fs.readFileSync(path.join(E2E_DIR, name), 'utf8');
      return !STRIPE_MARKERS.some((marker) => text.includes(marker));
    });
    expect(idle).toEqual([]);
  });
});
