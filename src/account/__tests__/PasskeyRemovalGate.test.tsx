import React, { useEffect, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from 'aws-amplify/auth';
import { navigate } from 'gatsby';
import { accountConfig } from '../../account-config';
import { getLicenses } from '../../api-client/client';
import { AuthProvider } from '../../auth/AuthContext';
import { PasskeyRemovalGate } from '../shared/PasskeyRemovalGate';

// Support is removing the account's passkeys: the BFF refuses the account's calls until the site has
// removed them with the session's access token. Through the site's real API client (the BFF's answers
// stood in for at fetch): the page gives way to the removal, which then signs out everywhere and opens
// the sign-in page with its note; a failure shows its error and a retry, never a blank page.

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(), signOut: jest.fn() }));

const mocked = jest.mocked(auth);
const PENDING = {
  error: { code: 'PASSKEY_REMOVAL_PENDING', message: "Support is removing this account's passkeys." },
};

/** The BFF as fetch sees it: each path's answers in turn (the last one repeats). */
function bff(answers: Record<string, [number, unknown][]>) {
  const calls: { path: string; body: unknown }[] = [];
  global.fetch = jest.fn((url: string, init: { body?: string }) => {
    const path = new URL(url, 'http://localhost').pathname.split('/').pop() ?? '';
    calls.push({ path, body: init.body ? (JSON.parse(init.body) as unknown) : undefined });
    const list = answers[path] ?? [[404, { message: 'Not Found' }]];
    const [status, body] = (list.length > 1 ? list.shift() : list[0]) as [number, unknown];
    return Promise.resolve({ status, ok: status < 400, text: () => Promise.resolve(JSON.stringify(body)) });
  }) as unknown as typeof fetch;
  return calls;
}

/** An account page that reads the licenses as it opens. */
function LicensesPage() {
  const [shown, setShown] = useState('loading');
  useEffect(() => {
    getLicenses('u1').then(
      () => setShown('your licenses'),
      () => setShown('could not load'),
    );
  }, []);
  return <p>{shown}</p>;
}

const showPage = () =>
  render(
    <AuthProvider>
      <PasskeyRemovalGate>
        <LicensesPage />
      </PasskeyRemovalGate>
    </AuthProvider>,
  );

beforeEach(() => {
  jest.clearAllMocks();
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  mocked.fetchAuthSession.mockResolvedValue({
    tokens: {
      idToken: {
        payload: { sub: 'u1', email: 'me@example.com', email_verified: true, exp: 4e9 },
        toString: () => 'id',
      },
      accessToken: { payload: {}, toString: () => 'the.access.token' },
    },
  } as unknown as Awaited<ReturnType<typeof auth.fetchAuthSession>>);
});

it('removes the passkeys with the session’s access token, signs out everywhere and opens sign-in with the note', async () => {
  const calls = bff({
    'get-licenses': [[403, PENDING]],
    'finish-passkey-removal': [[200, { removed: 2 }]],
    'sign-out-everywhere': [[200, { signedOut: true, tokensValidAfter: '2026-01-01T00:00:00.000Z' }]],
  });
  showPage();
  expect(await screen.findByText(/Removing your passkeys, as you asked support/)).toBeInTheDocument();
  expect(screen.queryByText('your licenses')).toBeNull();
  await expectSignedOutWithNote();
  expect(calls.find((c) => c.path === 'finish-passkey-removal')?.body).toEqual({
    accessToken: 'the.access.token',
  });
});

it('shows a failure with a retry, and the retry finishes it', async () => {
  const calls = bff({
    'get-licenses': [[403, PENDING]],
    'finish-passkey-removal': [
      [503, { error: { code: 'NOT_CONFIGURED', message: 'x' } }],
      [200, { removed: 1 }],
    ],
    'sign-out-everywhere': [[200, { signedOut: true, tokensValidAfter: '2026-01-01T00:00:00.000Z' }]],
  });
  showPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(/Something unexpected happened/);
  expect(screen.getByText(/Removing your passkeys, as you asked support/)).toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  await expectSignedOutWithNote();
  expect(calls.filter((c) => c.path === 'finish-passkey-removal')).toHaveLength(2);
});

/** Every session ended (the BFF's sign-out everywhere, then Amplify's), and on to sign in with the note. */
async function expectSignedOutWithNote() {
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in?note=passkeysRemovedBySupport'));
  expect(mocked.signOut).toHaveBeenCalled();
  const paths = jest.mocked(global.fetch).mock.calls.map(([url]) => String(url));
  expect(paths.some((url) => url.endsWith('/sign-out-everywhere'))).toBe(true);
}
