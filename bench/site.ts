// `npm run bench:site`: a clean production build with its phases, served locally, measured with
// Lighthouse 12 (mobile) on every public page template in the light and the dark colour scheme, with
// the weight of every public page: the JavaScript of its script tags and of a first visit, its CSS and
// its fonts. The targets (TARGETS) are the site's (docs/performance.md); a page that misses one is named.
// `--quick` (run by `npm test`): the build output's weights only, no Lighthouse; it reuses public/ when
// a build is there (the e2e step's) and exits non-zero when a page is missing or misses a target.
// `--no-build` measures public/ as it is. `--starter <dir>`: instead, our public pages beside
// gatsby-starter-blog's, checked out and installed in <dir> (bench/side-by-side.ts, docs/performance.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSiteServer } from '../dev/site-server';
import { staticPublicRoutes } from '../e2e/public-routes';
import { readFeed, type ArticleFeedEntry, type ToolFeedEntry } from '../e2e/site';
import { benchAccountPages } from './account-pages';
import { cleanBuild, phaseRows } from './build-phases';
import { lighthouse, type LighthouseResult, type Scheme } from './lighthouse';
import { missesAgainstStarter, sideBySide } from './side-by-side';
import { compressedKb, firstVisitScripts, scriptTagsGzipKb } from './page-scripts';
import { cssGzipKb, fontKb } from './page-weight';

const TARGETS = {
  /** gatsby-starter-blog's script tags, gzip (the yardstick of the page-weight target). */
  scriptTagsGzipKb: 68.2,
  /** Everything a first visit runs, Brotli. */
  firstVisitJsKb: 100,
  cssGzipKb: 20,
  fontKb: 60,
  cls: 0.01,
  /** Every Lighthouse category, in either scheme. */
  score: 100,
};
const FORBIDDEN = /aws-amplify|cognito-idp|js\.stripe\.com|confirmCardPayment/;
const SCHEMES: Scheme[] = ['light', 'dark'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Every public page (their weights are checked) and one of each template (Lighthouse runs on these). */
function publicPages(): { all: string[]; lighthouse: string[] } {
  const tools = readFeed<ToolFeedEntry[]>('tools/tools.json').map((t) => `/tool/${t.path}`);
  const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json').map((a) => `/blog/${a.route}`);
  const routes = staticPublicRoutes.filter((r) => r !== '/home');
  return {
    all: [...routes, ...tools, ...articles],
    lighthouse: [...routes, tools[0] ?? '', articles[0] ?? ''].filter(Boolean),
  };
}

type Row = Record<string, string | number>;

/** A page's weights, and the targets it misses. */
function weigh(page: string): { row: Row; misses: string[] } {
  const files = firstVisitScripts(page);
  const forbidden = files.some((file) => FORBIDDEN.test(fs.readFileSync(file, 'utf8')));
  const row = {
    page,
    'script tags gzip KiB': scriptTagsGzipKb(page),
    'first visit JS KB': compressedKb(files),
    'CSS gzip KiB': cssGzipKb(page),
    'font KiB': fontKb(page),
  };
  const misses = [
    row['script tags gzip KiB'] > TARGETS.scriptTagsGzipKb &&
      `script tags ${row['script tags gzip KiB']} KiB`,
    row['first visit JS KB'] > TARGETS.firstVisitJsKb && `first-visit JS ${row['first visit JS KB']} KB`,
    row['CSS gzip KiB'] > TARGETS.cssGzipKb && `CSS ${row['CSS gzip KiB']} KiB`,
    row['font KiB'] > TARGETS.fontKb && `fonts ${row['font KiB']} KiB`,
    forbidden && 'loads Amplify or Stripe',
  ].filter((m): m is string => Boolean(m));
  return { row, misses };
}

/** Lighthouse in both schemes: the scores as "performance/accessibility/best-practices/seo". */
async function measure(url: string, outDir: string): Promise<{ row: Row; misses: string[] }> {
  const row: Row = {};
  const misses: string[] = [];
  let cls = 0;
  for (const scheme of SCHEMES) {
    const report: LighthouseResult = await lighthouse(url, outDir, scheme);
    const scores = CATEGORIES.map((id) => Math.round((report.categories[id]?.score ?? 0) * 100));
    row[scheme] = scores.join('/');
    CATEGORIES.forEach((id, i) => {
      if ((scores[i] ?? 0) < TARGETS.score) misses.push(`${scheme} ${id} ${scores[i]}`);
    });
    const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
    cls = Math.max(cls, metric('cumulative-layout-shift'));
    if (scheme === 'light') {
      row['LCP ms'] = Math.round(metric('largest-contentful-paint'));
      row['TBT ms'] = Math.round(metric('total-blocking-time'));
    }
  }
  row.CLS = Number(cls.toFixed(3));
  if (cls > TARGETS.cls) misses.push(`CLS ${row.CLS}`);
  return { row, misses };
}

async function main() {
  const { values: flags } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      starter: { type: 'string' },
    },
  });
  if (flags.starter) {
    await compareWithStarter(flags.starter, !flags['no-build']);
    return;
  }
  const quick = flags.quick;
  const built = fs.existsSync(path.join('public', 'webpack.stats.json'));
  const build = !flags['no-build'] && !(quick && built);
  fs.mkdirSync('bench/results', { recursive: true });
  if (build) {
    const report = await cleanBuild();
    console.log(`Clean build: ${report.totalSeconds.toFixed(1)} s. Phases over a second:`);
    console.table(phaseRows(report));
    fs.writeFileSync('bench/results/build.json', JSON.stringify(report, null, 2));
  } else if (quick) {
    console.log('bench:site --quick: measuring the build already in public/.');
  }
  const pages = publicPages();
  const misses: string[] = [];
  const weights = pages.all.map((page) => {
    const { row, misses: missed } = weigh(page);
    misses.push(...missed.map((m) => `${page}: ${m}`));
    return row;
  });
  const heaviest = (key: string) => Math.max(...weights.map((w) => Number(w[key])));
  console.log(`Weights of all ${weights.length} public pages (the heaviest of each, and its target):`);
  console.table(
    ['script tags gzip KiB', 'first visit JS KB', 'CSS gzip KiB', 'font KiB'].map((key, i) => ({
      measure: key,
      heaviest: heaviest(key),
      target: [TARGETS.scriptTagsGzipKb, TARGETS.firstVisitJsKb, TARGETS.cssGzipKb, TARGETS.fontKb][i] ?? '',
    })),
  );

  const rows: Row[] = [];
  const accountRows: Row[] = [];
  const server = quick ? undefined : await startSiteServer({ root: 'public', port: 0 });
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  try {
    if (server) {
      for (const page of pages.lighthouse) {
        const { row, misses: missed } = await measure(`${server.url}${page}`, outDir);
        misses.push(...missed.map((m) => `${page}: ${m}`));
        rows.push({ page, ...row, ...weights.find((w) => w.page === page) });
      }
    }
    const account = await benchAccountPages(
      server?.url,
      server ? (url) => lighthouse(url, outDir, 'light') : undefined,
    );
    accountRows.push(...account.rows);
    if (account.failed) misses.push('an account page misses its target (table below)');
  } finally {
    await server?.stop();
  }
  if (rows.length) {
    console.log('Lighthouse (mobile), performance/accessibility/best-practices/SEO in each scheme:');
    console.table(rows);
  }
  console.log(
    'Account pages (JS: compressed, first visit; Lighthouse a11y and best practices 100 on the forms):',
  );
  console.table(accountRows);
  fs.writeFileSync('bench/results/account-pages.json', JSON.stringify(accountRows, null, 2));
  fs.writeFileSync('bench/results/site.json', JSON.stringify({ lighthouse: rows, weights }, null, 2));
  const targets = `script tags <= ${TARGETS.scriptTagsGzipKb} KiB gzip, first visit <= ${TARGETS.firstVisitJsKb} KB, CSS <= ${TARGETS.cssGzipKb} KiB, fonts <= ${TARGETS.fontKb} KiB${quick ? '' : `, Lighthouse ${TARGETS.score} in every category in light and dark, CLS <= ${TARGETS.cls}`}`;
  if (misses.length) {
    console.log(`Missed targets (${targets}):\n${misses.map((m) => `  ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(`Every page meets its targets (${targets}).`);
  }
}

/** Our pages beside the starter's: fails when one of ours scores lower or runs more JavaScript. */
async function compareWithStarter(starterDir: string, build: boolean): Promise<void> {
  const rows = await sideBySide(path.resolve(starterDir), build);
  console.log('Lighthouse (mobile), medians of 3, ours and gatsby-starter-blog in the same run:');
  console.table(rows);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/side-by-side.json', JSON.stringify(rows, null, 2));
  const misses = missesAgainstStarter(rows);
  if (misses.length) {
    console.log(`Below the starter:\n${misses.map((m) => `  ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      "Every page of ours scores at least the starter's best with no more JavaScript than its least.",
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
