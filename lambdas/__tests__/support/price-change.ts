import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Bff } from './bff';

// The operator's `npm run price-change`, run as they run it against a local stack: a new monthly price
// of our product, then the script in a process of its own.

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** A new monthly price of the product the stack sells, in cents. */
export async function newMonthlyPrice(bff: Bff, unitAmount: number): Promise<string> {
  const current = await bff.stripe.prices.retrieve(bff.info.stripePriceId);
  const product = typeof current.product === 'string' ? current.product : current.product.id;
  const price = await bff.stripe.prices.create({
    product,
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval: 'month' },
  });
  return price.id;
}

/** Runs the script for `price` from `effective` (yyyy-mm-dd): its exit code and what it printed. */
export function runPriceChange(
  bff: Bff,
  price: string,
  effective: string,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        'scripts/price-change.ts',
        '--price',
        price,
        '--effective',
        effective,
        '--stack-dir',
        path.dirname(bff.outboxDir),
      ],
      { cwd: ROOT, env: { ...process.env, TABLE_NAME: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}
