import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtPages } from './built-pages';
import { PUBLIC_DIR } from './site';

interface LinkResult {
  url: string;
  status?: number;
  state: 'OK' | 'BROKEN' | 'SKIPPED';
  parent?: string;
}

const LINKINATOR = path.resolve(__dirname, '..', 'node_modules', '.bin', 'linkinator');

/**
 * Runs linkinator (its CLI: the package is ESM-only) over the given pages of a folder it serves itself,
 * following every link on that server and checking that each #fragment exists on its page. Links to
 * other origins are skipped: the check runs offline, and this site's absolute URLs (canonical,
 * Open Graph) name the production host.
 */
function checkLinks(root: string, pages: string[]): Promise<LinkResult[]> {
  const args = [
    LINKINATOR,
    ...pages,
    '--server-root',
    root,
    '--recurse',
    '--check-fragments',
    '--skip',
    '^(?!http://localhost:)',
    '--format',
    'json',
  ];
  // Its report goes to a file, not a pipe: linkinator ends its process 100 ms after printing, and on a
  // busy machine a report larger than a pipe's buffer was cut short there (a file is written at once).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkinator-'));
  const report = path.join(dir, 'report.json');
  const out = fs.openSync(report, 'w');
  return new Promise<LinkResult[]>((resolve, reject) => {
    // linkinator exits 1 when a link is broken; the JSON report says which.
    const child = spawn(process.execPath, args, { stdio: ['ignore', out, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      try {
        resolve((JSON.parse(fs.readFileSync(report, 'utf8')) as { links: LinkResult[] }).links);
      } catch {
        reject(new Error(`linkinator printed no report (exit ${String(code)}): ${stderr}`));
      }
    });
  }).finally(() => {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

const describeBroken = (links: LinkResult[]) =>
  links.filter((l) => l.state === 'BROKEN').map((l) => `${l.url} (${l.status ?? '?'}) on ${l.parent ?? '?'}`);

describe('links in the built site', () => {
  it('finds a broken link and a missing #fragment when there is one', async () => {
    // The same check over two small pages, so that a change of options cannot make it pass everything.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><title>a</title><a href="/b.html#there">ok</a> <a href="/b.html#gone">x</a> <a href="/missing">x</a> <a href="https://example.invalid/">x</a>',
      );
      fs.writeFileSync(path.join(dir, 'b.html'), '<!doctype html><title>b</title><h2 id="there">B</h2>');
      const broken = describeBroken(await checkLinks(dir, ['index.html']));
      expect(broken).toHaveLength(2);
      expect(broken.join('\n')).toMatch(/b\.html#gone/);
      expect(broken.join('\n')).toMatch(/missing/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no broken internal link or #fragment on any page', async () => {
    const links = await checkLinks(PUBLIC_DIR, builtPages());
    // The crawl followed the site's own links, not just the pages it was given.
    const urls = links.map((l) => l.url);
    expect(urls).toEqual(expect.arrayContaining(['tools/index.html', 'tools', 'tool/treasury-rates']));
    expect(describeBroken(links)).toEqual([]);
  });
});
