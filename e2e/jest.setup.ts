import { clearTraffic } from './traffic';

// A browser journey waits on many pages in turn, each up to SETTLE_MS (e2e/until.ts) on a loaded
// machine: Jest's limit is only a guard against a hang, as for the integration tests.
jest.setTimeout(600_000);

afterEach(() => clearTraffic());
