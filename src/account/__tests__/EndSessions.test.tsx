import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from 'aws-amplify/auth';
import * as api from '../../api-client/client';
import { AuthProvider } from '../../auth/AuthContext';
import { AuthAction } from '../auth-action/AuthAction';
import { accountConfig } from '../../account-config';

// /auth?mode=endSessions: the link of a security mail ends every session with one click (a button: mail
// scanners open links), then says what to do next.

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(), signOut: jest.fn() }));
jest.mock('../../api-client/client', () => ({
  ...jest.requireActual<object>('../../api-client/client'),
  endSessions: jest.fn(),
}));
const mocked = jest.mocked(auth);
const mockedApi = jest.mocked(api);

function open(search: string) {
  window.history.replaceState(null, '', `/auth${search}`);
  return render(
    <AuthProvider>
      <AuthAction />
    </AuthProvider>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
  mocked.signOut.mockResolvedValue(undefined);
});

it('ends every session only when asked, then leads to a new password', async () => {
  mockedApi.endSessions.mockResolvedValue({ signedOut: true });
  open('?mode=endSessions&oobCode=abcdefghijklmnopqrstuv');
  // Opening the link changes nothing.
  expect(mockedApi.endSessions).not.toHaveBeenCalled();
  expect(window.location.pathname + window.location.search).toBe('/auth?mode=endSessions');
  await userEvent.click(screen.getByRole('button', { name: 'End Every Session' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Every session of your account has ended, on every device.',
  );
  expect(mockedApi.endSessions).toHaveBeenCalledWith('abcdefghijklmnopqrstuv');
  expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
    'href',
    '/reset-password',
  );
});

it('says a used link did its work, and an invalid one why', async () => {
  mockedApi.endSessions.mockRejectedValueOnce({
    error: { code: 'USED_ACTION_CODE', message: 'This link has already been used.' },
  });
  const used = open('?mode=endSessions&oobCode=abcdefghijklmnopqrstuv');
  await userEvent.click(screen.getByRole('button', { name: 'End Every Session' }));
  expect(await screen.findByRole('status')).toHaveTextContent('This link was used already');
  used.unmount();

  mockedApi.endSessions.mockRejectedValueOnce({
    error: { code: 'INVALID_ACTION_CODE', message: 'The link is invalid or has expired.' },
  });
  open('?mode=endSessions&oobCode=abcdefghijklmnopqrstuv');
  await userEvent.click(screen.getByRole('button', { name: 'End Every Session' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/invalid or has expired/);
});
