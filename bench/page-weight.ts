// What a public page costs besides its scripts (bench/page-scripts.ts): its CSS (Gatsby inlines the
// stylesheet into the HTML; any linked one counts too) gzip-compressed as CloudFront serves text, and
// its fonts (the files it preloads or its CSS names), counted as they are: WOFF2 is compressed already.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const htmlOf = (route: string, publicDir: string): string =>
  fs.readFileSync(
    path.join(publicDir, route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html')),
    'utf8',
  );

const kib = (bytes: number): number => Number((bytes / 1024).toFixed(1));

/** The page's CSS: its <style> elements and linked stylesheets, gzip -9, in KiB. */
export function cssGzipKb(route: string, publicDir = 'public'): number {
  const html = htmlOf(route, publicDir);
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  const linked = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) =>
    fs.readFileSync(path.join(publicDir, m[1] ?? ''), 'utf8'),
  );
  return kib(zlib.gzipSync([...inline, ...linked].join('\n'), { level: 9 }).length);
}

/** The font files the page loads (preloaded or named by a url() in its CSS), each once, in KiB. */
export function fontFiles(route: string, publicDir = 'public'): string[] {
  const html = htmlOf(route, publicDir);
  const urls = [
    ...html.matchAll(/<link[^>]+rel="preload"[^>]+href="\/([^"]+\.woff2?)"/g),
    ...html.matchAll(/url\(["']?\/([^)"']+\.woff2?)["']?\)/g),
  ].map((m) => m[1] ?? '');
  return [...new Set(urls)].map((f) => path.join(publicDir, f));
}

export function fontKb(route: string, publicDir = 'public'): number {
  return kib(fontFiles(route, publicDir).reduce((sum, f) => sum + fs.statSync(f).size, 0));
}
