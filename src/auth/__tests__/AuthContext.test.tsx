import React from 'react';
import { act, render, screen } from '@testing-library/react';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { AuthProvider, useAuth } from '../AuthContext';
import { accountConfig } from '../../account-config';
import * as client from '../../api-client/client';
import { signOutUser } from '../sign-out';

// Identity sessions on top of Amplify v6: a refresh 5 minutes before the ID token
// expires; a failed refresh tried again after 30 s, 60 s, ... (16 minutes at most) while the user stays
// signed in; sign-out only when the session cannot come back (a disabled user, an expired or revoked
// refresh token). Amplify is the vendor's, stood in for here; its Hub reports a refresh's failure.

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(), signOut: jest.fn() }));
jest.mock('../../api-client/client', () => ({
  onSessionRevoked: jest.fn(),
  onPasskeyRemovalPending: jest.fn(),
  signOutEverywhere: jest.fn(),
}));
const mocked = jest.mocked(auth);

const MINUTE = 60_000;
type HubCallback = (capsule: { payload: { event: string; data?: unknown } }) => void;

const sessionUntil = (exp: number, email = 'me@example.com') => ({
  tokens: {
    idToken: {
      payload: { sub: 'u1', email, email_verified: true, exp },
      toString: () => `token-${exp}`,
    },
  },
});
const networkError = Object.assign(new Error('Network error'), { name: 'NetworkError' });
const disabled = Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });

function Shows() {
  const { state } = useAuth();
  return <p>{state.status === 'signedIn' ? `in as ${state.user.email}` : state.status}</p>;
}

/** Amplify's auth listener, as the provider registered it. */
const hubListener = (): HubCallback => jest.mocked(Hub.listen).mock.calls[0]?.[1] as unknown as HubCallback;

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.useFakeTimers();
  // On a whole second, as token expiry times are.
  jest.setSystemTime(Math.ceil(Date.now() / 1000) * 1000);
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
});
afterEach(() => jest.useRealTimers());

async function signedInUntil(exp: number) {
  mocked.fetchAuthSession.mockResolvedValueOnce(sessionUntil(exp) as never);
  render(
    <AuthProvider>
      <Shows />
    </AuthProvider>,
  );
  await advance(0);
  expect(screen.getByText('in as me@example.com')).toBeInTheDocument();
  mocked.fetchAuthSession.mockClear();
}

describe('session refresh', () => {
  it('refreshes 5 minutes before expiry; a refresh that fails for want of network is retried with backoff, signed in meanwhile', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60 * 60;
    await signedInUntil(exp);

    mocked.fetchAuthSession.mockImplementation(() => {
      // As Amplify does: a failed refresh raises tokenRefresh_failure, then the error.
      hubListener()({ payload: { event: 'tokenRefresh_failure', data: { error: networkError } } });
      return Promise.reject(networkError);
    });
    await advance(55 * MINUTE - 1);
    expect(mocked.fetchAuthSession).not.toHaveBeenCalled();
    await advance(1);
    expect(mocked.fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
    await advance(30_000); // first retry
    expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(2);
    await advance(59_999);
    expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(2);
    await advance(1); // second retry, 60 s later
    expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(3);
    expect(mocked.signOut).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('in as me@example.com')).toBeInTheDocument();

    // The network is back: the next retry (120 s later) gets the new tokens.
    mocked.fetchAuthSession.mockReset();
    mocked.fetchAuthSession.mockResolvedValue(sessionUntil(exp + 3600) as never);
    await advance(120_000);
    expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(1);
    expect(screen.getByText('in as me@example.com')).toBeInTheDocument();
    expect(mocked.signOut).not.toHaveBeenCalled();
  });

  it('waits at most 16 minutes between retries', async () => {
    await signedInUntil(Math.floor(Date.now() / 1000) + 6 * 60);
    mocked.fetchAuthSession.mockRejectedValue(networkError);
    await advance(MINUTE); // the first refresh, 5 minutes before expiry
    const waits = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000];
    for (const [i, wait] of waits.entries()) {
      await advance(wait - 1);
      expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(i + 1);
      await advance(1);
      expect(mocked.fetchAuthSession).toHaveBeenCalledTimes(i + 2);
    }
  });

  it('signs out when the user is disabled or the refresh token expired', async () => {
    await signedInUntil(Math.floor(Date.now() / 1000) + 60 * 60);
    // Amplify clears the tokens, raises the failure and answers no tokens for NotAuthorizedException.
    mocked.fetchAuthSession.mockImplementation(() => {
      hubListener()({ payload: { event: 'tokenRefresh_failure', data: { error: disabled } } });
      return Promise.resolve({ tokens: undefined } as never);
    });
    await advance(55 * MINUTE);
    expect(mocked.signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/sign-in');
  });

  it('a failure Amplify reports from its own refresh (during an API call) ends the session only when it must', async () => {
    await signedInUntil(Math.floor(Date.now() / 1000) + 60 * 60);
    await act(async () => {
      hubListener()({ payload: { event: 'tokenRefresh_failure', data: { error: networkError } } });
    });
    expect(mocked.signOut).not.toHaveBeenCalled();
    await act(async () => {
      hubListener()({ payload: { event: 'tokenRefresh_failure', data: { error: disabled } } });
    });
    expect(mocked.signOut).toHaveBeenCalled();
  });
});

describe('a session the BFF reports ended', () => {
  it('ends the session and opens the sign-in page', async () => {
    await signedInUntil(Math.floor(Date.now() / 1000) + 60 * 60);
    const revoked = jest.mocked(client.onSessionRevoked).mock.calls[0]?.[0];
    await act(async () => revoked?.());
    expect(mocked.signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/sign-in');
  });

  it('during a sign-out after a change of second factor, leaves the page to that sign-out (its note survives)', async () => {
    await signedInUntil(Math.floor(Date.now() / 1000) + 60 * 60);
    const revoked = jest.mocked(client.onSessionRevoked).mock.calls[0]?.[0];
    // The change's own event ended every session first: the BFF answers 401, and the client reports it.
    jest.mocked(client.signOutEverywhere).mockImplementation(() => {
      revoked?.();
      return Promise.reject({ error: { code: 'SESSION_EXPIRED', message: 'Your session has expired.' } });
    });
    await act(async () => {
      await signOutUser({ everywhere: true, afterFactorChange: true });
      await navigate('/sign-in?note=twoFactorOn');
    });
    await advance(0);
    expect(jest.mocked(navigate).mock.calls).toEqual([['/sign-in?note=twoFactorOn']]);
  });
});
