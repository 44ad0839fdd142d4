// `npm run bench:site -- --starter <dir>`: our public pages and gatsby-starter-blog's side by side in one
// run, both built by `gatsby build` and served by `gatsby serve` (Gatsby's own static server for either
// site), measured with Lighthouse 12 (mobile) in the light and the dark scheme. Each page is measured
// RUNS times, the two sites taking turns page by page, so a change in the machine's load falls on both;
// each figure is the median of its runs. The machine's load average is printed with the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen, waitForProcess } from '../dev/ports';
import { readFeed, type ToolFeedEntry } from '../e2e/site';
import { expectScheme, lighthouseOnce, type LighthouseResult, type Scheme } from './lighthouse';

const RUNS = 3;
const SCHEMES: Scheme[] = ['light', 'dark'];

interface Site {
  name: 'ours' | 'starter';
  dir: string;
  pages: string[];
}

interface SideBySideRow {
  site: string;
  page: string;
  scheme: Scheme;
  score: number;
  'LCP ms': number;
  'SI ms': number;
  'TBT ms': number;
  'transfer KiB': number;
  'JS KiB': number;
}

type Figures = Omit<SideBySideRow, 'site' | 'page' | 'scheme'>;

/** The figures of one Lighthouse report: transfer and JavaScript as sent over the wire. */
function figures(report: LighthouseResult): Figures {
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const js = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((report.categories.performance?.score ?? 0) * 100),
    'LCP ms': Math.round(audit('largest-contentful-paint')),
    'SI ms': Math.round(audit('speed-index')),
    'TBT ms': Math.round(audit('total-blocking-time')),
    'transfer KiB': Math.round(audit('total-byte-weight') / 1024),
    'JS KiB': Math.round(js / 1024),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** `gatsby serve` of a built site on a free port; stop() ends it. */
async function serve(dir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn('npx', ['gatsby', 'serve', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  });
  await waitForProcess(
    `gatsby serve in ${dir}`,
    () => (child.exitCode === null ? undefined : `exit code ${child.exitCode}`),
    () => isPortOpen(port),
  );
  // npx's child (gatsby) is in the same new process group: end the group, not only npx.
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid);
  };
  return { url: `http://localhost:${port}`, stop };
}

/** `gatsby build` in a site's folder, its output passed through. */
function build(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['gatsby', 'build'], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`gatsby build in ${dir}: ${code}`)),
    );
  });
}

/** The starter's home page and its first post (a folder of public/ with an index.html but no page of its own kind). */
function starterPages(dir: string): string[] {
  const publicDir = path.join(dir, 'public');
  const posts = fs
    .readdirSync(path.join(dir, 'content', 'blog'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(publicDir, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}/`)
    .sort();
  if (!posts[0]) throw new Error(`${dir}: no built post under public/ (build the starter first)`);
  return ['/', posts[0]];
}

// Under a heavy load Lighthouse now and then gives up on the browser (a DevTools protocol timeout): such
// a run measured nothing, so it is run again, up to ATTEMPTS times.
const ATTEMPTS = 3;

async function measureOnce(
  url: string,
  outDir: string,
  scheme: Scheme,
  run: number,
): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, outDir, scheme, run, 'performance');
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`${url} (${scheme}): Lighthouse failed (${String(error).split('\n')[0]}), again`);
    }
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

export async function sideBySide(starterDir: string, buildSites: boolean): Promise<SideBySideRow[]> {
  const tool = readFeed<ToolFeedEntry[]>('tools/tools.json')[0];
  const sites: Site[] = [
    { name: 'ours', dir: '.', pages: ['/', '/tools/', `/tool/${tool?.path ?? ''}/`, '/pricing/'] },
    { name: 'starter', dir: starterDir, pages: [] },
  ];
  if (buildSites) for (const site of sites) await build(site.dir);
  sites[1] = { ...sites[1], pages: starterPages(starterDir) } as Site;
  const servers = await Promise.all(sites.map((site) => serve(site.dir)));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
  const runs = new Map<string, Figures[]>();
  console.log(`Side by side: load average (1 / 5 / 15 min) at the start ${loadAverage()}`);
  try {
    // Page by page, the sites in turn: ours, the starter, ours... so both see the same load.
    const longest = Math.max(...sites.map((s) => s.pages.length));
    for (let run = 0; run < RUNS; run += 1) {
      for (const scheme of SCHEMES) {
        for (let i = 0; i < longest; i += 1) {
          for (const [s, site] of sites.entries()) {
            const page = site.pages[i];
            if (!page) continue;
            const report = await measureOnce(`${servers[s]?.url}${page}`, outDir, scheme, run);
            // The starter has no dark scheme of its own: its dark run is its one look.
            if (site.name === 'ours') await expectScheme(report, scheme, page);
            const key = `${site.name} ${page} ${scheme}`;
            runs.set(key, [...(runs.get(key) ?? []), figures(report)]);
          }
        }
      }
    }
  } finally {
    for (const server of servers) server.stop();
  }
  console.log(`Side by side: load average at the end ${loadAverage()}`);
  return sites.flatMap((site) =>
    SCHEMES.flatMap((scheme) =>
      site.pages.map((page) => {
        const measured = runs.get(`${site.name} ${page} ${scheme}`) ?? [];
        const row = { site: site.name, page, scheme } as SideBySideRow;
        for (const key of Object.keys(measured[0] ?? {}) as (keyof Figures)[])
          row[key] = median(measured.map((m) => m[key]));
        return row;
      }),
    ),
  );
}

/** Our pages that score below the starter's best page or send more JavaScript than its lightest, per scheme. */
export function missesAgainstStarter(rows: SideBySideRow[]): string[] {
  return SCHEMES.flatMap((scheme) => {
    const starter = rows.filter((r) => r.site === 'starter' && r.scheme === scheme);
    const bestScore = Math.max(...starter.map((r) => r.score));
    const leastJs = Math.min(...starter.map((r) => r['JS KiB']));
    return rows
      .filter((r) => r.site === 'ours' && r.scheme === scheme)
      .flatMap((r) => [
        ...(r.score < bestScore
          ? [`${r.page} (${scheme}): score ${r.score} < the starter's ${bestScore}`]
          : []),
        ...(r['JS KiB'] > leastJs
          ? [`${r.page} (${scheme}): JS ${r['JS KiB']} KiB > the starter's ${leastJs}`]
          : []),
      ]);
  });
}
