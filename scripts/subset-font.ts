// `npm run font`: the site's typeface, Inter (variable weight, SIL Open Font License), cut down to the
// characters the site writes, into src/styles/fonts/. The stylesheet's @font-face names the same
// characters as its unicode-range, so any other character falls to the system font instead of a box.
// Run it after changing SUBSET_RANGES or the Inter package; commit the file it writes.
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { SUBSET_RANGES, codePoints } from '../src/styles/font-subset';

const SOURCE = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const LICENSE = require.resolve('@fontsource-variable/inter/LICENSE');
const FONT_FILE = path.join(__dirname, '..', 'src', 'styles', 'fonts', 'inter-variable.woff2');

// The OpenType features the pages use: kerning, ligatures and contextual forms by default, tabular
// figures for prices and dates in tables, case-sensitive forms for capitals with punctuation.
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum', 'case'];
// The weights the stylesheet uses (regular to bold): a narrower axis is a third smaller than 100-900.
const WEIGHTS = { min: 400, max: 700 } as const;

async function main() {
  const text = String.fromCodePoint(...codePoints(SUBSET_RANGES));
  const subset = await subsetFont(fs.readFileSync(SOURCE), text, {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    variationAxes: { wght: WEIGHTS },
  });
  fs.mkdirSync(path.dirname(FONT_FILE), { recursive: true });
  fs.writeFileSync(FONT_FILE, subset);
  fs.copyFileSync(LICENSE, path.join(path.dirname(FONT_FILE), 'Inter-LICENSE.txt'));
  console.log(`${path.relative(process.cwd(), FONT_FILE)}: ${(subset.length / 1024).toFixed(1)} KiB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
