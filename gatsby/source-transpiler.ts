import fs from 'node:fs';
import path from 'node:path';
import { getBrowsersList } from 'gatsby/dist/utils/browserslist';

// Most of src is transpiled by swc (swc-loader) in the two production bundles instead of Babel with
// Gatsby's preset: Babel was the largest part of both (docs/performance.md, "The site's clean build").
// swc targets the same browserslist (Node itself for the HTML renderer), keeps ES modules for webpack
// and uses the classic JSX runtime, Gatsby's default `jsxRuntime`; the preset adds no core-js polyfill
// to our code for these browsers, so neither does swc.
// Files that Gatsby's own Babel plugins change stay on Babel: everything outside src, page templates
// (split into their page and `Head` exports), files with a GraphQL query (extracted at build time) and
// `StaticImage` users (their images are found at build time).

type WebpackRule = { test?: unknown; include?: unknown; use?: unknown; [key: string]: unknown };
type ProductionStage = 'build-javascript' | 'build-html';

const GATSBY_BABEL_MARKERS = /\bgraphql`|\buseStaticQuery\b|\bStaticQuery\b|\bStaticImage\b/;

/** Which files keep Gatsby's Babel, for the site in `siteDir`; each file is read once. */
function gatsbyBabelFiles(siteDir: string): (file: string) => boolean {
  const sourceDir = path.join(siteDir, 'src') + path.sep;
  const pageDirs = ['pages', 'templates'].map((dir) => path.join(sourceDir, dir) + path.sep);
  const byFile = new Map<string, boolean>();
  return (file) => {
    if (!file.startsWith(sourceDir) || pageDirs.some((dir) => file.startsWith(dir))) return true;
    let keeps = byFile.get(file);
    if (keeps === undefined) {
      keeps = GATSBY_BABEL_MARKERS.test(fs.readFileSync(file, 'utf8'));
      byFile.set(file, keeps);
    }
    return keeps;
  };
}

/**
 * Puts swc in front of the rest of src: Gatsby's Babel rules for TypeScript (its JavaScript rule and
 * its TypeScript rule, which has no `include`) are narrowed to the files that keep Babel, since webpack
 * runs every matching rule's loaders.
 */
export function transpileSourceWithSwc(rules: WebpackRule[], stage: ProductionStage, siteDir: string): void {
  const keepsBabel = gatsbyBabelFiles(siteDir);
  const babelRules = rules.filter(
    (rule) => rule.test instanceof RegExp && rule.test.test('page.tsx') && typeof rule.use === 'function',
  );
  if (babelRules.length === 0) throw new Error("Gatsby's Babel rules for TypeScript were not found");
  for (const rule of babelRules) {
    const include =
      typeof rule.include === 'function' ? (rule.include as (file: string) => boolean) : undefined;
    rule.include = (file: string) => (include ? include(file) : true) && keepsBabel(file);
  }
  const targets = stage === 'build-javascript' ? getBrowsersList(siteDir) : { node: process.versions.node };
  rules.unshift({
    test: /\.tsx?$/,
    include: (file: string) => !keepsBabel(file),
    type: 'javascript/auto',
    use: ({ resource }: { resource: string }) => [
      {
        // By name: webpack resolves loaders from the site's node_modules (gatsby-node is bundled by
        // Parcel, where require.resolve is not available).
        loader: 'swc-loader',
        options: {
          sourceMaps: true,
          env: { targets },
          module: { type: 'es6' },
          jsc: {
            parser: { syntax: 'typescript', tsx: resource.endsWith('.tsx') },
            transform: { react: { runtime: 'classic', useBuiltins: true } },
          },
        },
      },
    ],
  });
}
