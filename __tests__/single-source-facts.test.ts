import fs from 'node:fs';
import path from 'node:path';
import { siteConfig } from '../src/config';

// The support email and the license price live in src/config.ts, the machine limit is the deployment's
// setting and the tool counts come from the tool data; content and pages refer to them ({{supportEmail}},
// {{toolCount}}, {{freeToolCount}}, {{licensePrice}}, {{licenseComputers}} in content/, useSiteFacts,
// siteConfig and src/lib/license-terms.ts in src/). A value typed out anywhere else would go stale when
// the config, the setting or the tools change.

const root = path.join(__dirname, '..');

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && extensions.some((ext) => e.name.endsWith(ext)))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => !file.includes(`${path.sep}__tests__${path.sep}`));
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const TOOL_COUNT = /\b\d+ (?:research )?tools\b|#1 to #\d+|first \d+ tools/gi;
/** A dollar amount ("$15", "$ 15.00", "15 USD", "15 dollars"); not a regex replacement such as '$1'. */
const DOLLARS = /(?<![\w'"`\\])\$\s?\d|\b\d+(?:\.\d\d)?\s?(?:USD|US dollars|dollars)\b/g;
/** The license price in cents, as the Stripe price and the money code count it. */
const PRICE_CENTS = new RegExp(`\\b${Math.round(siteConfig.licensePriceUsd * 100)}\\b`, 'g');
const NUMBER = '(?:\\d+|two|three|four|five|six|seven|eight|nine|ten)';
const COMPUTERS = '(?:computers?|devices?|machines?)';
/** A number of computers a license may be used on ("3 computers", "up to 3 of them", "0 of 3"). */
const DEVICE_COUNT = new RegExp(
  `\\b${NUMBER} (?:of (?:your|their|its|them)(?: own)? )?${COMPUTERS}\\b|` +
    `\\bup to ${NUMBER} (?:of\\b|${COMPUTERS})|\\b\\d+ of \\d+\\b`,
  'gi',
);

function findings(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.match(pattern) ?? []).map((m) => `${file}:${i + 1}: ${m}`)),
  );
}

// Notes for maintainers (content/README.md, TOOLS-PLAN.md) describe the data and are not published.
const content = filesUnder('content', ['.md', '.yaml']).filter(
  (f) => !['content/README.md', 'content/TOOLS-PLAN.md'].includes(f.split(path.sep).join('/')),
);
const source = [...filesUnder('src', ['.ts', '.tsx']), 'gatsby-config.ts', ...filesUnder('gatsby', ['.ts'])];
/** What says or charges a price besides the site: the API, its mails, the local stack's Stripe price. */
const moneySource = [
  ...filesUnder('lambdas', ['.ts']),
  ...filesUnder('desktop-client', ['.ts']),
  path.join('dev', 'local-stack.ts'),
];
/** The one place the price and the machine rule are worded from their settings. */
const WORDING = [path.join('src', 'config.ts'), path.join('src', 'lib', 'license-terms.ts')];

describe('facts stated in one place', () => {
  it('looks at the published content and the site source', () => {
    expect(content).toEqual(expect.arrayContaining([path.join('content', 'faq.yaml')]));
    expect(source).toEqual(expect.arrayContaining([path.join('src', 'pages', 'pricing.tsx')]));
  });

  it('types the support email only in the site config', () => {
    expect(findings(content, EMAIL)).toEqual([]);
    const files = findings(source, EMAIL).map((f) => f.split(':')[0]);
    expect(files).toEqual([path.join('src', 'config.ts')]);
  });

  it('never types a number of tools', () => {
    expect(findings([...content, ...source], TOOL_COUNT)).toEqual([]);
  });

  it('never types a price: content says {{licensePrice}}, code reads licensePriceUsd', () => {
    const everywhere = [...content, ...source, ...moneySource].filter((f) => !WORDING.includes(f));
    expect(findings(everywhere, DOLLARS)).toEqual([]);
    expect(findings(everywhere, PRICE_CENTS)).toEqual([]);
  });

  it('never types a number of computers per license: it comes from the machine limit setting', () => {
    const files = [...content, ...source].filter((f) => !WORDING.includes(f));
    expect(findings(files, DEVICE_COUNT)).toEqual([]);
  });
});
