import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { describeTraffic } from './traffic';

// What a person sees settles after a request or a re-render: a check reads it again until it shows
// the expected value, instead of reading it once (too early) or sleeping a fixed time (too short on a
// loaded machine, wasted on an idle one).

/** Generous: a 2-core machine running the stack, Chromium and other work can be slow, never stuck. */
export const SETTLE_MS = 60_000;

/** Reads `read()` until it equals `expected` (deeply), failing with the last value after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, expected: T, timeoutMs = SETTLE_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!isDeepStrictEqual(last, expected)) {
    if (Date.now() > deadline)
      throw new Error(
        `Expected ${JSON.stringify(expected)}, still ${JSON.stringify(last)}\n${describeTraffic()}`,
      );
    await sleep(100);
    last = await read();
  }
}
