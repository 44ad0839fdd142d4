import path from 'node:path';
import { parseArgs } from 'node:util';

// The price-change command line, parsed by Node's own parser in strict mode: an option it does not know
// (a typo such as --efective) or an option without its value is refused, not ignored.

const PRICE_CHANGE_USAGE =
  'Usage: npm run price-change -- --price <price id> --effective <YYYY-MM-DD> [--stack-dir <dir>]';

export interface PriceChangeArgs {
  price: string;
  effective: string;
  stackDir: string;
}

/** The arguments, or an Error whose message says what is wrong and how to call it. */
export function parsePriceChangeArgs(argv: string[]): PriceChangeArgs {
  let values: { price?: string; effective?: string; 'stack-dir'?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        price: { type: 'string' },
        effective: { type: 'string' },
        'stack-dir': { type: 'string' },
      },
    }));
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${PRICE_CHANGE_USAGE}`);
  }
  const { price, effective } = values;
  if (!price || price.startsWith('-')) throw new Error(`--price is missing\n${PRICE_CHANGE_USAGE}`);
  if (!effective || !/^\d{4}-\d{2}-\d{2}$/.test(effective) || Number.isNaN(Date.parse(effective))) {
    throw new Error(`--effective must be a date, YYYY-MM-DD\n${PRICE_CHANGE_USAGE}`);
  }
  return { price, effective, stackDir: path.resolve(values['stack-dir'] ?? '.local') };
}
