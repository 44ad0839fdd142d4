import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Deploy step between `gatsby build` and the upload: moves every inline executable <script> of the
// built HTML into a content-addressed file under /_inline/ and points the tag at it, so the CSP can
// say script-src 'self' without 'unsafe-inline' (see cdk/lib/csp.ts for why not hashes).
// The replacement stays a classic parser-blocking script (or a module script, if it was one), so the
// execution order Gatsby relies on (page path, chunk map, then its async bundles) is unchanged.
// Data blocks (application/json, application/ld+json) are not executed and stay inline.

export const INLINE_DIR = '_inline';
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

export interface ExternalizedHtml {
  html: string;
  /** File name under INLINE_DIR -> script text. */
  scripts: Map<string, string>;
}

function scriptType(attributes: string): string {
  return (/\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1] ?? '').toLowerCase();
}

export function externalizeHtml(html: string): ExternalizedHtml {
  const scripts = new Map<string, string>();
  const out = html.replace(SCRIPT_TAG, (tag: string, attributes: string, body: string) => {
    if (/\bsrc\s*=/i.test(attributes) || !EXECUTABLE_TYPES.has(scriptType(attributes))) return tag;
    const name = `${createHash('sha256').update(body).digest('hex').slice(0, 20)}.js`;
    scripts.set(name, body);
    return `<script${attributes} src="/${INLINE_DIR}/${name}"></script>`;
  });
  return { html: out, scripts };
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.isFile() && entry.name.endsWith('.html') ? [full] : [];
  });
}

/** Rewrites siteDir in place; returns how many pages changed and how many distinct scripts were written. */
export function externalizeInlineScripts(siteDir: string): { pages: number; scripts: number } {
  const written = new Set<string>();
  let pages = 0;
  for (const file of htmlFiles(siteDir)) {
    const { html, scripts } = externalizeHtml(fs.readFileSync(file, 'utf8'));
    if (scripts.size === 0) continue;
    fs.mkdirSync(path.join(siteDir, INLINE_DIR), { recursive: true });
    for (const [name, body] of scripts) {
      if (!written.has(name)) fs.writeFileSync(path.join(siteDir, INLINE_DIR, name), body);
      written.add(name);
    }
    fs.writeFileSync(file, html);
    pages += 1;
  }
  return { pages, scripts: written.size };
}
