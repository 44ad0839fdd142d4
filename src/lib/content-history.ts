import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

// When a content file last changed, for the "Last updated" line of the legal pages: taken from the
// file's own history at build time, so the date cannot be forgotten when the text changes.

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined; // no git, or not inside a repository
  }
}

/**
 * YYYY-MM-DD of the file's last change: its last commit, unless the working copy has changes not yet
 * committed (then the file's modification time, as it will be when committed). Without git history
 * for it (an export without .git, an untracked file) the modification time too.
 */
export function lastChanged(file: string): string {
  const dir = path.dirname(file);
  const name = path.basename(file);
  const edited = git(['status', '--porcelain', '--', name], dir);
  const committed = edited === '' ? git(['log', '-1', '--format=%cI', '--', name], dir) : undefined;
  const when = committed ? new Date(committed) : statSync(file).mtime;
  return when.toISOString().slice(0, 10);
}
