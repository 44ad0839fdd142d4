// Account pages in `npm run bench:site`: the compressed JS a first visit loads (bench/page-scripts.ts),
// and Lighthouse accessibility and best practices on the public account forms. SEO is not a target here: account
// pages are noindex on purpose.
import { compressedKb, firstVisitScripts } from './page-scripts';
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

/** Without a server and Lighthouse (bench:site --quick), the JS weight only. */
export async function benchAccountPages(
  serverUrl: string | undefined,
  lighthouse: ((url: string) => Promise<CategoryScores>) | undefined,
): Promise<{ rows: Record<string, string | number>[]; failed: boolean }> {
  const rows: Record<string, string | number>[] = [];
  let failed = false;
  for (const target of ACCOUNT_PAGES) {
    const jsKb = compressedKb(firstVisitScripts(target.page));
    const row: Record<string, string | number> = { page: target.page, 'JS KB': jsKb };
    row['JS target'] = target.maxJsKb ? `<= ${target.maxJsKb}` : '-';
    if (target.maxJsKb && jsKb > target.maxJsKb) failed = true;
    if (target.lighthouse && serverUrl && lighthouse) {
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
