import fs from 'node:fs';
import path from 'node:path';

// The support email lives in src/config.ts and the tool counts come from the tool data; content and
// pages refer to them ({{supportEmail}}, {{toolCount}}, {{freeToolCount}} in content/, useSiteFacts and
// siteConfig in src/). A value typed out anywhere else would go stale when the config or the tools change.

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
const source = [...filesUnder('src', ['.ts', '.tsx']), 'gatsby-config.ts', 'gatsby-node.ts'];

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
});
