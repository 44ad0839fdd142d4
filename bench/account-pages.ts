// Account pages in `npm run bench:site`: the compressed JS a first visit loads (the runtime, framework
// and app scripts plus the page component's whole chunk group, from webpack's stats: Gatsby loads
// the component chunks through the runtime, so they are not <script> tags in the HTML), and Lighthouse
// accessibility and best practices on the public account forms. SEO is not a target here: account
// pages are noindex on purpose.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ChunkGroup {
  assets: { name: string }[];
}
interface Stats {
  namedChunkGroups: Record<string, ChunkGroup>;
}
interface CategoryScores {
  categories: Record<string, { score: number }>;
}

export interface AccountPageTarget {
  page: string;
  /** Compressed JS budget in KB, when the issue sets one. */
  maxJsKb?: number;
  /** Lighthouse accessibility and best practices must be 100. */
  lighthouse?: boolean;
}

export const ACCOUNT_PAGES: AccountPageTarget[] = [
  { page: '/sign-in', maxJsKb: 150, lighthouse: true },
  { page: '/sign-up', lighthouse: true },
  { page: '/reset-password', lighthouse: true },
  { page: '/must-verify-email' },
  { page: '/auth' },
  { page: '/profile' },
  { page: '/licenses' },
  { page: '/checkout', maxJsKb: 200 },
  { page: '/update-card' },
];

const brotli = (file: string) => zlib.brotliCompressSync(fs.readFileSync(file)).length;

/** Every script a first visit of `route` runs, from public/ (page-data names the component chunk). */
export function firstVisitScripts(route: string, publicDir = 'public'): string[] {
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as Stats;
  const pageData = JSON.parse(
    fs.readFileSync(path.join(publicDir, 'page-data', route.slice(1), 'page-data.json'), 'utf8'),
  ) as { componentChunkName: string };
  const html = fs.readFileSync(path.join(publicDir, route.slice(1), 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const group = stats.namedChunkGroups[pageData.componentChunkName]?.assets.map((a) => a.name) ?? [];
  return [...new Set([...fromHtml, ...group])]
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(publicDir, f));
}

export async function benchAccountPages(
  serverUrl: string,
  lighthouse: (url: string) => Promise<CategoryScores>,
): Promise<{ rows: Record<string, string | number>[]; failed: boolean }> {
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  for (const target of ACCOUNT_PAGES) {
    const files = firstVisitScripts(target.page);
    const jsKb = Number((files.reduce((sum, f) => sum + brotli(f), 0) / 1024).toFixed(1));
    const row: Record<string, string | number> = { page: target.page, 'JS KB': jsKb };
    row['JS target'] = target.maxJsKb ? `<= ${target.maxJsKb}` : '-';
    if (target.maxJsKb && jsKb > target.maxJsKb) failed = true;
    if (target.lighthouse) {
      const report = await lighthouse(`${serverUrl}${target.page}`);
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      row.accessibility = score('accessibility');
      row['best-practices'] = score('best-practices');
      row.performance = score('performance');
      if (row.accessibility !== 100 || row['best-practices'] !== 100) failed = true;
    }
    rows.push(row);
  }
  return { rows, failed };
}
