// The JavaScript a first visit of a page runs: the runtime, framework and app <script> tags of its HTML
// plus the page component's whole chunk group from webpack's stats (Gatsby loads component chunks
// through its runtime, so they are not <script> tags), measured Brotli-compressed as the server sends them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Stats {
  namedChunkGroups: Record<string, { assets: { name: string }[] }>;
}

export function firstVisitScripts(route: string, publicDir = 'public'): string[] {
  const dir = route === '/' ? 'index' : route.slice(1);
  const htmlFile = route === '/' ? 'index.html' : path.join(dir, 'index.html');
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as Stats;
  const pageData = JSON.parse(
    fs.readFileSync(path.join(publicDir, 'page-data', dir, 'page-data.json'), 'utf8'),
  ) as {
    componentChunkName: string;
  };
  const html = fs.readFileSync(path.join(publicDir, htmlFile), 'utf8');
  const fromHtml = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const group = stats.namedChunkGroups[pageData.componentChunkName]?.assets.map((a) => a.name) ?? [];
  return [...new Set([...fromHtml, ...group])]
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(publicDir, f));
}

// Pages share most of their scripts (runtime, framework, app): each file is compressed once per run, as
// Brotli at its highest quality cost the quick bench about 20 CPU-s when every page compressed them again.
const gzipBytes = new Map<string, number>();
const brotliBytes = new Map<string, number>();
function compressedBytes(cache: Map<string, number>, file: string, compress: (data: Buffer) => Buffer) {
  let bytes = cache.get(file);
  if (bytes === undefined) {
    bytes = compress(fs.readFileSync(file)).length;
    cache.set(file, bytes);
  }
  return bytes;
}

/**
 * The yardstick of the page-weight target: the <script> tags of a page's HTML (runtime, framework, app), gzip -9, in
 * KiB, as gatsby-starter-blog was measured (68.2 KiB with Gatsby 5.16).
 */
export function scriptTagsGzipKb(route: string, publicDir = 'public'): number {
  const htmlFile = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  const html = fs.readFileSync(path.join(publicDir, htmlFile), 'utf8');
  const bytes = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].reduce(
    (sum, m) =>
      sum +
      compressedBytes(gzipBytes, path.join(publicDir, m[1] ?? ''), (data) =>
        zlib.gzipSync(data, { level: 9 }),
      ),
    0,
  );
  // Two decimals: the target is 68.2, and a rounded 68.2 could be 68.24.
  return Number((bytes / 1024).toFixed(2));
}

/** Compressed size in KB, one decimal. */
export function compressedKb(files: readonly string[]): number {
  const bytes = files.reduce(
    (sum, f) => sum + compressedBytes(brotliBytes, f, (data) => zlib.brotliCompressSync(data)),
    0,
  );
  return Number((bytes / 1024).toFixed(1));
}
