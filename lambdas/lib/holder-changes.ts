import { HolderChangeLimitError } from './errors';

// A license changes hands (assigned to someone else, or taken back) at most 4 times in any 30 days, so
// that one license cannot be passed around a team: each change signs out the former holder's machines,
// and their statements still work offline up to 7 days.

const HOLDER_CHANGES_ALLOWED = 4;
const WINDOW_SECONDS = 30 * 24 * 3600;

/**
 * The changes to store with one more at `now` (those older than 30 days dropped); throws
 * HolderChangeLimitError, with the time the next one becomes possible, when 4 were made already.
 */
export function withHolderChange(changes: readonly number[], now = Math.floor(Date.now() / 1000)): number[] {
  const recent = changes.filter((t) => t > now - WINDOW_SECONDS).sort((a, b) => a - b);
  if (recent.length >= HOLDER_CHANGES_ALLOWED) {
    throw new HolderChangeLimitError(
      (recent[recent.length - HOLDER_CHANGES_ALLOWED] ?? now) + WINDOW_SECONDS,
    );
  }
  return [...recent, now];
}
