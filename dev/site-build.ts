import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_STAMP_FILE, buildStamp, type BuildStamp } from '../src/lib/build-stamp';

// Whether public/ is a finished build made with these GATSBY_* values: the build's own stamp
// (public/build-stamp.json, written last by gatsby-node) says what it was built for, whoever ran it.

export async function siteBuiltFor(
  publicDir: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<boolean> {
  const stamp = await readFile(path.join(publicDir, BUILD_STAMP_FILE), 'utf8')
    .then((text) => JSON.parse(text) as Partial<BuildStamp>)
    .catch(() => undefined);
  const hasIndex = await readFile(path.join(publicDir, 'index.html')).then(
    () => true,
    () => false,
  );
  return hasIndex && stamp?.env === buildStamp(env).env;
}
