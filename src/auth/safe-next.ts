/**
 * The page to return to after signing in (`?next=`): a path on this site only, never another site.
 *
 * `next` is resolved the way the browser would resolve it (`new URL(next, origin)`, which also drops
 * tabs and newlines and reads `\` as `/`) and accepted only when the result has this site's origin;
 * anything else (another host, `//host`, `/\host`, `javascript:`, a malformed value) goes to `/`.
 * The answer is the normalised path, query and hash, so what is navigated to is what was checked.
 */
export function safeNext(next: string | null | undefined, origin: string = window.location.origin): string {
  if (!next) return '/';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself starts with `//` (e.g. `/a/..//host`) would be read as another host.
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
