import fs from 'node:fs';
import path from 'node:path';

// Two browser test files run at a time on one stack (e2e/run.ts), and the Stripe emulator has one
// clock: a file that moves it renews every subscription on the stack, so it must not run while a file
// that buys or pays does. Such a file holds the clock alone; a buying file holds a share that any number
// of buying files hold together; the other files need neither (e2e/groups.ts says which is which).
// The lock lives in files under the stack's directory, one per holder named by its process id, so that
// a holder that died (a crashed Jest worker) is seen as gone instead of blocking every later file.

export type StripeUse = 'clock' | 'buys';

const POLL_MS = 100;

const lockDir = (): string => {
  const dir = process.env.E2E_STACK_DIR;
  if (!dir) throw new Error('E2E_STACK_DIR is not set: run the browser tests through `npm run test:e2e`');
  return path.join(dir, 'stripe-lock');
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live holders' files in `dir`; those of processes that ended are removed. */
function holders(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => {
    if (alive(Number(name.split('-')[0]))) return true;
    fs.rmSync(path.join(dir, name), { force: true });
    return false;
  });
}

/** Whether the clock is held; a holder that ended is removed (its pid is the file's text). */
function clockHeld(file: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  // Empty while its holder is between creating and writing it: held.
  if (!text || alive(Number(text))) return true;
  fs.rmSync(file, { force: true });
  return false;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/**
 * Waits until `use` may go on, and holds it until the returned function is called. The clock's holder
 * creates the clock's file (one at a time: the creation fails while it exists), then waits for the
 * buyers inside to leave; a buyer writes its own file, then steps back out to wait while the clock's
 * file exists. Each writes before it looks, so a buyer and the clock's holder are never both in.
 */
export async function holdStripe(use: StripeUse): Promise<() => void> {
  const root = lockDir();
  const clockFile = path.join(root, 'clock');
  const buysDir = path.join(root, 'buys');
  fs.mkdirSync(buysDir, { recursive: true });
  if (use === 'clock') {
    for (;;) {
      try {
        fs.writeFileSync(clockFile, String(process.pid), { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      clockHeld(clockFile);
      await pause();
    }
    while (holders(buysDir).length > 0) await pause();
    return () => fs.rmSync(clockFile, { force: true });
  }
  const mine = path.join(buysDir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  for (;;) {
    fs.writeFileSync(mine, '');
    if (!clockHeld(clockFile)) return () => fs.rmSync(mine, { force: true });
    fs.rmSync(mine, { force: true });
    await pause();
  }
}
