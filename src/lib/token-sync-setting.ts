// The build's check of GATSBY_TOKEN_SYNC_URL (src/auth/token-sync.ts sends the user's ID token there):
// a path on the site, or a URL of the site's own origin. Another origin would receive a credential, and
// the site's Content-Security-Policy (connect-src 'self') would block the request anyway.

/** The problem with the setting, or null when it is unset or usable. */
export function tokenSyncSettingProblem(value: string | undefined, siteUrl: string): string | null {
  if (!value) return null;
  const site = new URL(siteUrl).origin;
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return `GATSBY_TOKEN_SYNC_URL "${value}" is not a URL`;
  }
  if (url.origin !== site || value.startsWith('//')) {
    return `GATSBY_TOKEN_SYNC_URL "${value}" must be a path on the site (e.g. /session) or a URL of ${site}`;
  }
  return null;
}
