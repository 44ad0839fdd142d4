import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// A comment that sends the reader to a document must name one the repository has (a document kept
// outside the repository leaves the reader with nothing to open). Names are resolved from the
// repository's root, from the file's folder, or as a file name found anywhere in the repository.

const root = path.join(__dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const markdown = new Set(tracked.filter((f) => f.endsWith('.md')));
const markdownNames = new Set([...markdown].map((f) => path.basename(f)));
const code = tracked.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !f.includes('__tests__/'));

function exists(reference: string, from: string): boolean {
  const clean = reference.replace(/^\.?\//, '');
  if (markdown.has(clean) || markdown.has(path.join(path.dirname(from), clean))) return true;
  return !clean.includes('/') && markdownNames.has(clean);
}

describe('document references in code', () => {
  it('name documents the repository has', () => {
    const missing = code.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/[\w./-]*\w\.md\b/g)]
        .map((m) => m[0])
        .filter((ref) => !exists(ref, file))
        .map((ref) => `${file}: ${ref}`);
    });
    expect(missing).toEqual([]);
  });
});
