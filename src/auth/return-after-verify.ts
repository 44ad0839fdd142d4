import { safeNext } from './safe-next';

// Where an unverified user was going when a protected page sent them away: kept in this browser, per
// address, from the sign-in that found the address unverified until the first sign-in (or verification
// in a signed-in session) that finds it verified, which goes there instead of the home page. Kept in
// localStorage because the verification link often opens in a new tab.

const STORAGE_KEY = 'stockbench:return-after-verify';
/** As long as a verification link works (Cognito's codes last 24 hours). */
const KEEP_MS = 24 * 60 * 60 * 1000;

type Kept = Record<string, { path: string; at: number }>;

const keyOf = (email: string): string => email.trim().toLowerCase();

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

function write(kept: Kept): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Without storage the user lands on the home page after verifying, the verification link's usual landing.
  }
}

/** Remembers the page `email`'s user was sent from (a path on this site; the home page is not kept). */
export function rememberReturnAfterVerify(email: string, next: string | null, now = Date.now()): void {
  const path = safeNext(next);
  if (path === '/') return;
  const kept = Object.fromEntries(Object.entries(read()).filter(([, v]) => now - v.at < KEEP_MS));
  write({ ...kept, [keyOf(email)]: { path, at: now } });
}

/** The page to go back to for `email`, once; undefined when none is kept (or it is too old). */
export function takeReturnAfterVerify(email: string, now = Date.now()): string | undefined {
  const { [keyOf(email)]: entry, ...rest } = read();
  if (!entry) return undefined;
  write(rest);
  return typeof entry.path === 'string' && now - entry.at < KEEP_MS ? safeNext(entry.path) : undefined;
}
