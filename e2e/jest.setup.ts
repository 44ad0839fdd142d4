import { stripeUse } from './groups';
import { holdStripe } from './stripe-lock';
import { clearTraffic } from './traffic';

// A browser journey waits on many pages in turn, each up to SETTLE_MS (e2e/until.ts) on a loaded
// machine: Jest's limit is only a guard against a hang, as for the integration tests.
jest.setTimeout(600_000);

afterEach(() => clearTraffic());

// A file that moves the Stripe emulator's clock, or buys, waits here until the other worker's file
// allows it (e2e/stripe-lock.ts), before its own browser starts.
const use = stripeUse(expect.getState().testPath ?? '');
if (use) {
  let release: (() => void) | undefined;
  beforeAll(async () => {
    release = await holdStripe(use);
  });
  afterAll(() => release?.());
}
