/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastChanged } from '../content-history';

// A throwaway repository: the date is the file's last commit, the edit time of an uncommitted change,
// or the modification time where git has no history for it.

const dir = mkdtempSync(path.join(os.tmpdir(), 'content-history-'));
const run = (args: string[], env: Record<string, string> = {}) =>
  execFileSync('git', args, { cwd: dir, env: { ...process.env, ...env }, stdio: 'ignore' });
const file = path.join(dir, 'terms.md');

beforeAll(() => {
  run(['init', '-q']);
  writeFileSync(file, 'Terms v1\n');
  run(['add', 'terms.md']);
  const at = '2025-03-04T10:00:00Z';
  run(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'v1'], {
    GIT_AUTHOR_DATE: at,
    GIT_COMMITTER_DATE: at,
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lastChanged', () => {
  it("is the day of the file's last commit", () => {
    expect(lastChanged(file)).toBe('2025-03-04');
  });

  it('is the edit day of a change not yet committed', () => {
    writeFileSync(file, 'Terms v2\n');
    const edited = new Date('2026-01-02T12:00:00Z');
    utimesSync(file, edited, edited);
    expect(lastChanged(file)).toBe('2026-01-02');
  });

  it('is the modification day of a file git has no history for', () => {
    const loose = path.join(os.tmpdir(), `loose-${process.pid}.md`);
    writeFileSync(loose, 'x');
    const when = new Date('2024-07-08T12:00:00Z');
    utimesSync(loose, when, when);
    try {
      expect(lastChanged(loose)).toBe('2024-07-08');
    } finally {
      rmSync(loose);
    }
  });
});
