import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_DIR } from './site';

/**
 * Every HTML page of the build, as paths under public/ (e.g. tool/gdp/index.html). Gatsby's own
 * fragments under _gatsby/ are pieces it splices into pages, not pages.
 */
export function builtPages(): string[] {
  return (
    fs
      .readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: true })
      // page-data/404.html is a folder of Gatsby's data, hence the check for a file.
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => path.relative(PUBLIC_DIR, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith(`_gatsby${path.sep}`))
      .map((file) => file.split(path.sep).join('/'))
      .sort()
  );
}
