import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_DIR, siteUrl } from './site';

// The readable source of the site's scripts is not published: the build keeps its source maps for
// error reports, but no chunk names one and the site answers none (as the deployed site, whose upload
// leaves them out: cdk/site/unpublished-files.ts). Played as a visitor who looks for them.

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
const scripts = files(PUBLIC_DIR).filter((f) => f.endsWith('.js'));

it('names no source map in any script the site serves', () => {
  expect(scripts.length).toBeGreaterThan(0);
  const naming = scripts.filter((f) => /sourceMappingURL=/.test(fs.readFileSync(f, 'utf8')));
  expect(naming.map((f) => path.relative(PUBLIC_DIR, f))).toEqual([]);
});

it('answers 404 for the source map of every chunk, as for a file that does not exist', async () => {
  const chunks = scripts.filter((f) => path.dirname(f) === PUBLIC_DIR).map((f) => path.basename(f));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    // The map by its name, and spelled with escapes that decode to it.
    for (const spelled of [`${chunk}.map`, `${chunk}.ma%70`, `${chunk}%2Emap`, `${chunk}.MAP`]) {
      const res = await fetch(`${siteUrl()}/${spelled}`);
      expect({ spelled, status: res.status }).toEqual({ spelled, status: 404 });
    }
    expect((await fetch(`${siteUrl()}/${chunk}`)).status).toBe(200);
  }
});
