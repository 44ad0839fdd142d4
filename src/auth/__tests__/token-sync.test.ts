import * as auth from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { accountConfig } from '../../account-config';
import { tokenSyncSettingProblem } from '../../lib/token-sync-setting';
import { startTokenSync, tokenSyncUrl } from '../token-sync';

// The optional token sync: what reaches the configured URL when Amplify reports a sign-in, a
// refresh and a sign-out (its Hub events, dispatched here as Amplify dispatches them).

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));
const mocked = jest.mocked(auth);

const fetchMock = jest.fn((_url: string, _init?: RequestInit) =>
  Promise.resolve(new Response(null, { status: 204 })),
);
let stop: () => void = () => undefined;

const tokenIssued = (name: string, secondsAgo: number) => ({
  tokens: {
    idToken: {
      payload: { iat: Math.floor(Date.now() / 1000) - secondsAgo },
      toString: () => name,
    },
  },
});
const dispatch = (event: string) => Hub.dispatch('auth', { event } as never);
/** Amplify's listeners run synchronously; the fetch follows a read of the session. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({ url, method: init?.method, headers: init?.headers }));

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // Hub warns of dispatches on 'auth'
});
afterEach(() => stop());

describe('token sync', () => {
  it('sends nothing when no URL is configured', async () => {
    jest.replaceProperty(accountConfig, 'tokenSyncUrl', '');
    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('id-1', 1) as never);
    stop = startTokenSync();
    dispatch('signedIn');
    dispatch('signedOut');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('POSTs the ID token after sign-in and each refresh, once each, and DELETEs on sign-out', async () => {
    jest.replaceProperty(accountConfig, 'tokenSyncUrl', '/session-sync');
    const url = `${window.location.origin}/session-sync`;
    stop = startTokenSync();

    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('id-1', 1) as never);
    dispatch('signedIn');
    await settle();
    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('id-2', 1) as never);
    dispatch('tokenRefresh');
    await settle();
    dispatch('tokenRefresh'); // the same token again (another tab's event): not sent twice
    await settle();
    dispatch('signedOut');
    await settle();

    expect(calls()).toEqual([
      { url, method: 'POST', headers: { Authorization: 'Bearer id-1' } },
      { url, method: 'POST', headers: { Authorization: 'Bearer id-2' } },
      { url, method: 'DELETE', headers: {} },
    ]);
  });

  it('never sends a token older than 300 s, and a failing endpoint breaks nothing', async () => {
    jest.replaceProperty(accountConfig, 'tokenSyncUrl', '/session-sync');
    stop = startTokenSync();
    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('old', 301) as never);
    dispatch('tokenRefresh');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    dispatch('signedOut');
    await settle();
    expect(calls()).toEqual([expect.objectContaining({ method: 'DELETE' })]);
  });

  it('on a page load, sends a token refreshed where no listener heard it, and only that one once', async () => {
    jest.replaceProperty(accountConfig, 'tokenSyncUrl', '/session-sync');
    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('a.b.sig-1', 1) as never);
    stop = startTokenSync(); // the page that signed in
    dispatch('signedIn');
    await settle();
    stop();

    stop = startTokenSync(); // a reload with the same token: already sent
    await settle();
    stop();
    expect(calls().map((c) => c.headers)).toEqual([{ Authorization: 'Bearer a.b.sig-1' }]);

    // The token was refreshed while no page listened (the tab closed before its POST went out).
    mocked.fetchAuthSession.mockResolvedValue(tokenIssued('a.b.sig-2', 1) as never);
    stop = startTokenSync();
    await settle();
    expect(calls().map((c) => c.headers)).toEqual([
      { Authorization: 'Bearer a.b.sig-1' },
      { Authorization: 'Bearer a.b.sig-2' },
    ]);
    dispatch('tokenRefresh'); // the refresh's own event, when it is heard as well: not sent twice
    await settle();
    expect(calls().map((c) => c.headers)).toEqual([
      { Authorization: 'Bearer a.b.sig-1' },
      { Authorization: 'Bearer a.b.sig-2' },
    ]);
  });

  it('only ever sends to its own origin', () => {
    expect(tokenSyncUrl('/sync', 'https://www.example.com')).toBe('https://www.example.com/sync');
    expect(tokenSyncUrl('https://www.example.com/sync', 'https://www.example.com')).toBe(
      'https://www.example.com/sync',
    );
    expect(tokenSyncUrl('https://evil.example/sync', 'https://www.example.com')).toBeNull();
    expect(tokenSyncUrl('//evil.example/sync', 'https://www.example.com')).toBeNull();
    expect(tokenSyncSettingProblem('/sync', 'https://www.example.com')).toBeNull();
    expect(tokenSyncSettingProblem(undefined, 'https://www.example.com')).toBeNull();
    expect(tokenSyncSettingProblem('https://evil.example/sync', 'https://www.example.com')).toMatch(
      /must be a path/,
    );
  });
});
