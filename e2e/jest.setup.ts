import { clearTraffic } from './traffic';

// A browser journey waits on many pages in turn, each up to SETTLE_MS (e2e/until.ts) on a loaded
// machine: its time limit is a multiple of that, not the integration tests' 120 s.
jest.setTimeout(300_000);

afterEach(() => clearTraffic());
