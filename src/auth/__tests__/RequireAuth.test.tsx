import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import { AuthProvider } from '../AuthContext';
import { RequireAuth } from '../RequireAuth';
import { accountConfig } from '../../account-config';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(), signOut: jest.fn() }));
const mocked = jest.mocked(auth);

const session = (emailVerified: boolean) => ({
  tokens: {
    idToken: {
      payload: { sub: 'u1', email: 'me@example.com', email_verified: emailVerified, exp: 4_000_000_000 },
      toString: () => 't',
    },
  },
});

function guarded() {
  return render(
    <AuthProvider>
      <RequireAuth>{(user) => <p>Hello {user.email}</p>}</RequireAuth>
    </AuthProvider>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  window.history.replaceState(null, '', '/licenses?x=1');
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /sign-in with the page to come back to', async () => {
    mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
    guarded();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/sign-in?next=%2Flicenses%3Fx%3D1&note=signInFirst', {
        replace: true,
      }),
    );
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('sends a signed-in user with an unverified email to /sign-in, saying why', async () => {
    mocked.fetchAuthSession.mockResolvedValue(session(false) as never);
    guarded();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/sign-in\?next=.+&note=verifyFirst$/), {
        replace: true,
      }),
    );
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('renders the page for a verified user', async () => {
    mocked.fetchAuthSession.mockResolvedValue(session(true) as never);
    guarded();
    expect(await screen.findByText('Hello me@example.com')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signs out when the session cannot be refreshed (disabled user, revoked token)', async () => {
    mocked.fetchAuthSession.mockRejectedValue(
      Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' }),
    );
    guarded();
    await waitFor(() => expect(mocked.signOut).toHaveBeenCalled());
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in'));
  });
});
