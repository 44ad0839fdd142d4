import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { accountConfig } from '../account-config';

// The optional token sync: a configured URL gets a POST with a bearer token, or a DELETE on sign-out.
// For a server of the seller's own that keeps a session from the user's ID token (a cookie
// for pages rendered on a server, say). Off unless the build sets GATSBY_TOKEN_SYNC_URL. When set, the
// site POSTs the current ID token (`Authorization: Bearer <token>`) after each sign-in and each refresh,
// and sends DELETE after a sign-out, as Amplify reports them (its Hub events, which it also raises in
// other tabs of the site), and once when a page starts: a refresh can happen where no listener hears
// it (a page that closed before its POST, an event raised before the listener was added), so each page
// load compares the token in force with the last one sent from this browser and sends it when it
// differs. It sends only to its own origin (the token is a credential; the site's CSP allows no other),
// never a token older than 300 s, and the same token once.

/** The oldest ID token the sync sends, in seconds: an older one is refreshed first. */
const SYNC_TOKEN_MAX_AGE_S = 300;

/** The configured URL resolved on this origin; null when unset or on another origin. */
export function tokenSyncUrl(
  configured: string = accountConfig.tokenSyncUrl,
  origin: string = window.location.origin,
): string | null {
  if (!configured) return null;
  try {
    const url = new URL(configured, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Where this browser remembers the last token sent: its signature only, never the credential. */
const LAST_SENT_KEY = 'stockbench.tokenSync.lastSent';
const fingerprint = (token: string): string => token.slice(token.lastIndexOf('.') + 1).slice(-32);

function lastSent(): string | null {
  try {
    return window.localStorage.getItem(LAST_SENT_KEY);
  } catch {
    return null;
  }
}

function remember(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(LAST_SENT_KEY, fingerprint(token));
    else window.localStorage.removeItem(LAST_SENT_KEY);
  } catch {
    // Storage refused (a private window's quota): the next page load sends the token again.
  }
}

async function send(url: string, token: string | null): Promise<void> {
  try {
    await fetch(url, {
      method: token ? 'POST' : 'DELETE',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // The seller's endpoint being down must not break signing in or out; the next event tries again.
  }
}

async function postCurrentToken(url: string): Promise<void> {
  let idToken;
  try {
    idToken = (await fetchAuthSession()).tokens?.idToken;
  } catch {
    return; // No session to send; the next sign-in or refresh event tries again.
  }
  if (!idToken) return;
  const issuedAt = Number(idToken.payload.iat ?? 0);
  if (Date.now() / 1000 - issuedAt > SYNC_TOKEN_MAX_AGE_S) return;
  const token = idToken.toString();
  if (fingerprint(token) === lastSent()) return;
  remember(token);
  await send(url, token);
}

/** Listens for sign-in, refresh and sign-out when a token-sync URL is configured; answers the stop. */
export function startTokenSync(): () => void {
  const url = tokenSyncUrl();
  if (!url) return () => undefined;
  const stop = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') void postCurrentToken(url);
    else if (payload.event === 'signedOut') {
      remember(null);
      void send(url, null);
    }
  });
  void postCurrentToken(url);
  return stop;
}
