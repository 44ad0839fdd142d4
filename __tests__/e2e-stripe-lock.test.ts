import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { holdStripe } from '../e2e/stripe-lock';

// The lock that keeps a browser test moving the Stripe clock apart from those that buy
// (e2e/stripe-lock.ts). "Still waiting" is checked after the waiter has had several polls: a slower
// machine only gives it fewer, so the check cannot pass for a lock that lets it through.

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-lock-'));
  process.env.E2E_STACK_DIR = dir;
});
afterEach(() => {
  delete process.env.E2E_STACK_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

const POLLS = 500;
async function pending(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, POLLS));
  return !settled;
}

it('a buyer waits while the clock is held, and goes on once it is let go', async () => {
  const releaseClock = await holdStripe('clock');
  const buyer = holdStripe('buys');
  expect(await pending(buyer)).toBe(true);
  releaseClock();
  (await buyer)();
});

it('the clock waits for every buyer inside to leave; buyers share', async () => {
  const [one, two] = await Promise.all([holdStripe('buys'), holdStripe('buys')]);
  const clock = holdStripe('clock');
  expect(await pending(clock)).toBe(true);
  one();
  expect(await pending(clock)).toBe(true);
  two();
  const releaseClock = await clock;
  // While the clock waited, a new buyer was kept out too.
  const late = holdStripe('buys');
  expect(await pending(late)).toBe(true);
  releaseClock();
  (await late)();
});

it('one holder of the clock at a time', async () => {
  const first = await holdStripe('clock');
  const second = holdStripe('clock');
  expect(await pending(second)).toBe(true);
  first();
  (await second)();
});

it('a holder whose process ended is not waited for', async () => {
  const ended = spawnSync(process.execPath, [
    '-e',
    'process.stdout.write(String(process.pid))',
  ]).stdout.toString();
  fs.mkdirSync(path.join(dir, 'stripe-lock', 'buys'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'stripe-lock', 'clock'), ended);
  (await holdStripe('buys'))();
  fs.writeFileSync(path.join(dir, 'stripe-lock', 'buys', `${ended}-1-x`), '');
  (await holdStripe('clock'))();
});
