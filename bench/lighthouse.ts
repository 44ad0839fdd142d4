// Lighthouse 12 (mobile) on one page, in the light or the dark colour scheme, as the median of RUNS.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser';

export type Scheme = 'light' | 'dark';

export interface LighthouseResult {
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      // data: the final screenshot's; items: network-requests' rows.
      details?: { data?: string; items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

// Lighthouse's scores vary from run to run on a shared 2-core machine (mostly TBT); its documentation
// recommends the median of several runs, so each page is measured RUNS times and the median kept.
const RUNS = 3;

// Chromium's own switch: pages see prefers-color-scheme: dark (Lighthouse emulates no scheme itself).
const SCHEME_FLAGS: Record<Scheme, string[]> = { light: [], dark: ['--force-dark-mode'] };

export async function lighthouse(url: string, outDir: string, scheme: Scheme): Promise<LighthouseResult> {
  const reports: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i += 1) reports.push(await lighthouseOnce(url, outDir, scheme, i));
  const perf = (r: LighthouseResult) => r.categories.performance?.score ?? 0;
  const median = reports.sort((a, b) => perf(a) - perf(b))[Math.floor(RUNS / 2)] as LighthouseResult;
  await expectScheme(median, scheme, url);
  return median;
}

// Asynchronous on purpose: the site server runs in this process and must answer Lighthouse's requests.
export async function lighthouseOnce(
  url: string,
  outDir: string,
  scheme: Scheme,
  run: number,
  categories = 'performance,accessibility,best-practices,seo',
): Promise<LighthouseResult> {
  const out = path.join(outDir, `${url.replace(/[^a-z0-9]+/gi, '_')}-${scheme}-${run}.json`);
  await promisify(execFile)(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${[...CHROMIUM_ARGS, ...SCHEME_FLAGS[scheme]].join(' ')}`,
      `--only-categories=${categories}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseResult;
}

/**
 * The run measured the scheme it was asked for: the header's corner in Lighthouse's final screenshot
 * is light or dark (a flag Chromium ignored would otherwise pass as a dark run).
 */
export async function expectScheme(report: LighthouseResult, scheme: Scheme, url: string): Promise<void> {
  const data = report.audits['final-screenshot']?.details?.data ?? '';
  const base64 = data.replace(/^data:image\/\w+;base64,/, '');
  if (!base64) throw new Error(`${url}: Lighthouse took no final screenshot`);
  const image = sharp(Buffer.from(base64, 'base64'));
  const { width = 0 } = await image.metadata();
  const { data: pixel } = await image
    .extract({ left: Math.max(0, width - 4), top: 2, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const brightness = ((pixel[0] ?? 0) + (pixel[1] ?? 0) + (pixel[2] ?? 0)) / 3;
  if ((scheme === 'dark') !== brightness < 128) {
    throw new Error(`${url}: the ${scheme} run rendered a header of brightness ${Math.round(brightness)}`);
  }
}
