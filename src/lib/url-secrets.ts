// Secrets and personal data that links carry in their query string: the checkout's client secret
// (`/checkout?sec`), the emailed codes and addresses (`/auth?oobCode&email`), the address on
// `/must-verify-email?email`. They are read once, then removed from the address bar with
// history.replaceState, so a reload, a bookmark, a shared screen, a Referer or an access log of a later
// request never sees them (analytics sends paths only, see analytics/events.ts).
//
// A page still works after a reload: what was taken is kept for this tab in sessionStorage (cleared
// when the tab closes; falls back to memory when storage is unavailable), keyed by the page's path,
// and forgotten once the page has used it for good (payment made, password reset, ...).

/** The query parameters each page takes out of its address. */
const URL_SECRETS: Readonly<Record<string, readonly string[]>> = {
  '/auth': ['oobCode', 'email'],
  '/checkout': ['sec'],
  '/must-verify-email': ['email'],
};

type Taken = Record<string, string>;

const STORAGE_PREFIX = 'url-secrets:';
const memory = new Map<string, Taken>();

/** '/checkout/' and '/checkout' are the same page (trailingSlash: 'ignore'). */
const pageOf = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/** This tab's sessionStorage, or undefined where it is unavailable (then memory only). */
function storage(): Storage | undefined {
  try {
    const s = window.sessionStorage;
    s.setItem(`${STORAGE_PREFIX}probe`, '1');
    s.removeItem(`${STORAGE_PREFIX}probe`);
    return s;
  } catch {
    return undefined;
  }
}

function load(page: string): Taken | undefined {
  const s = storage();
  if (!s) return memory.get(page);
  try {
    const raw = s.getItem(STORAGE_PREFIX + page);
    return raw ? (JSON.parse(raw) as Taken) : memory.get(page);
  } catch {
    return undefined;
  }
}

function save(page: string, taken: Taken): void {
  try {
    const s = storage();
    if (s) {
      s.setItem(STORAGE_PREFIX + page, JSON.stringify(taken));
      memory.delete(page);
      return;
    }
  } catch {
    // Full: memory below.
  }
  memory.set(page, taken);
}

/**
 * Takes the current page's secret parameters out of the address bar (keeping its other parameters,
 * its hash and history.state) and keeps them for the tab. Safe to call any number of times: gatsby-
 * browser calls it on entry, before React and analytics run; the page calls it again when it reads.
 */
export function stashUrlSecrets(): void {
  if (typeof window === 'undefined') return;
  const page = pageOf(window.location.pathname);
  const names = URL_SECRETS[page];
  if (!names) return;
  const url = new URL(window.location.href);
  if (!names.some((name) => url.searchParams.has(name))) return;
  // A new link replaces what an earlier one left, as a whole (no mix of two links' values).
  const taken: Taken = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) taken[name] = value;
    url.searchParams.delete(name);
  }
  save(page, taken);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The secret parameters of the current page: from its address (then removed) or kept from before. */
export function takeUrlSecrets(): Readonly<Taken> {
  if (typeof window === 'undefined') return {};
  stashUrlSecrets();
  return load(pageOf(window.location.pathname)) ?? {};
}

/** Forgets what `page` took, once it has no further use (e.g. after the payment or the reset). */
export function forgetUrlSecrets(page: string): void {
  memory.delete(page);
  storage()?.removeItem(STORAGE_PREFIX + page);
}
