import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import * as api from '../../api-client/client';
import { AuthProvider } from '../../auth/AuthContext';
import { rememberReturnAfterVerify } from '../../auth/return-after-verify';
import { AuthAction } from '../auth-action/AuthAction';
import { accountConfig } from '../../account-config';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(),
  signOut: jest.fn(),
  signIn: jest.fn(),
  confirmSignUp: jest.fn(),
  confirmUserAttribute: jest.fn(),
  confirmResetPassword: jest.fn(),
}));
jest.mock('../../api-client/client', () => ({
  ...jest.requireActual<object>('../../api-client/client'),
  getEmailRecovery: jest.fn(),
  recoverEmail: jest.fn(),
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

describe('/auth', () => {
  it("says 'Unknown mode.' for any other mode, and what to do", async () => {
    open('?mode=signIn&oobCode=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown mode.');
    expect(screen.getByText(/Open it again from the email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/sign-in');
  });

  const unconfirmed = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } } as never;
  async function verifyWith(password: string) {
    await userEvent.type(await screen.findByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
  }

  it("verifyEmail: confirms the sign-up once the account's password is given, then goes home", async () => {
    mocked.signIn.mockResolvedValue(unconfirmed);
    mocked.confirmSignUp.mockResolvedValue({} as never);
    open('?mode=verifyEmail&oobCode=123456&email=a%40example.com');
    // The code and the address leave the address bar at once (mode stays).
    expect(window.location.pathname + window.location.search).toBe('/auth?mode=verifyEmail');
    // Nothing is confirmed by opening the link.
    expect(await screen.findByText(/enter the password of its Stockbench account/)).toBeInTheDocument();
    expect(mocked.confirmSignUp).not.toHaveBeenCalled();
    await verifyWith('secret1');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/?action=emailVerified'));
    expect(mocked.signIn).toHaveBeenCalledWith({
      username: 'a@example.com',
      password: 'secret1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(mocked.confirmSignUp).toHaveBeenCalledWith({
      username: 'a@example.com',
      confirmationCode: '123456',
    });
  });

  it('verifyEmail: a wrong password confirms nothing and points to signing up with the address', async () => {
    mocked.signIn.mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAuthorizedException' }));
    open('?mode=verifyEmail&oobCode=123456&email=a%40example.com');
    await verifyWith('not-mine');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password.');
    expect(mocked.confirmSignUp).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Create your own account' })).toHaveAttribute(
      'href',
      '/sign-up?email=a%40example.com',
    );
  });

  it('verifyEmail: a signed-in user with a changed address confirms the attribute and refreshes', async () => {
    mocked.fetchAuthSession.mockResolvedValue({
      tokens: {
        idToken: {
          payload: { sub: 'u1', email: 'a@example.com', email_verified: false, exp: 2_000_000_000 },
          toString: () => 't',
        },
      },
    } as never);
    mocked.confirmUserAttribute.mockResolvedValue(undefined);
    open('?mode=verifyEmail&oobCode=123456&email=a%40example.com');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/?action=emailVerified'));
    expect(mocked.confirmUserAttribute).toHaveBeenCalledWith({
      userAttributeKey: 'email',
      confirmationCode: '123456',
    });
    expect(mocked.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('verifyEmail: a signed-in user a protected page sent away goes back to it once verified', async () => {
    rememberReturnAfterVerify('a@example.com', '/licenses');
    mocked.fetchAuthSession.mockResolvedValue({
      tokens: {
        idToken: {
          payload: { sub: 'u1', email: 'a@example.com', email_verified: false, exp: 2_000_000_000 },
          toString: () => 't',
        },
      },
    } as never);
    mocked.confirmUserAttribute.mockResolvedValue(undefined);
    open('?mode=verifyEmail&oobCode=123456&email=a%40example.com');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses'));
    expect(navigate).not.toHaveBeenCalledWith('/?action=emailVerified');
  });

  // A link from an email that a newer one replaced: Cognito answers a code mismatch (or expired).
  it.each(['CodeMismatchException', 'ExpiredCodeException'])(
    'verifyEmail: %s answers the expired-link message and points to the newest email',
    async (name) => {
      mocked.signIn.mockResolvedValue(unconfirmed);
      mocked.confirmSignUp.mockRejectedValue(Object.assign(new Error('x'), { name }));
      open('?mode=verifyEmail&oobCode=1&email=a%40example.com');
      await verifyWith('secret1');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This link has expired. Please request a new one.',
      );
      expect(screen.getByText(/If this link has expired/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/sign-in');
    },
  );

  describe('resetPassword', () => {
    async function reset(password: string, confirm: string) {
      open('?mode=resetPassword&oobCode=654321&email=a%40example.com');
      await userEvent.type(screen.getByLabelText('New Password'), password);
      await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
      await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    }

    it('needs matching entries of at least 6 characters', async () => {
      await reset('secret1', 'secret2');
      expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
      // A typing mistake says nothing of the link, which still works.
      expect(screen.queryByText(/Request a new password reset email/)).not.toBeInTheDocument();
      await userEvent.clear(screen.getByLabelText('New Password'));
      await userEvent.clear(screen.getByLabelText('Confirm New Password'));
      await userEvent.type(screen.getByLabelText('New Password'), 'abc');
      await userEvent.type(screen.getByLabelText('Confirm New Password'), 'abc');
      // The button comes back once the guard's delay after the first try is over.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
      await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
      expect(mocked.confirmResetPassword).not.toHaveBeenCalled();
      // The form is usable again once the guard's delay is over.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
    });

    it('keeps working after a reload (the code is kept for the tab), then forgets it', async () => {
      mocked.confirmResetPassword.mockResolvedValue(undefined);
      window.history.replaceState(null, '', '/auth?mode=resetPassword&oobCode=654321&email=a%40example.com');
      const first = render(<AuthAction />);
      expect(window.location.search).toBe('?mode=resetPassword');
      first.unmount();
      // A reload of /auth?mode=resetPassword in the same tab (resetting needs no session).
      const second = render(<AuthAction />);
      expect(screen.getByText('a@example.com')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('New Password'), 'secret1');
      await userEvent.type(screen.getByLabelText('Confirm New Password'), 'secret1');
      await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Password has been successfully reset.');
      expect(mocked.confirmResetPassword).toHaveBeenCalledWith({
        username: 'a@example.com',
        confirmationCode: '654321',
        newPassword: 'secret1',
      });
      second.unmount();
      render(<AuthAction />);
      expect(screen.getByLabelText('New Password')).toBeInTheDocument();
      expect(screen.queryByText('a@example.com')).not.toBeInTheDocument();
    });

    it('resets and offers Sign In', async () => {
      mocked.confirmResetPassword.mockResolvedValue(undefined);
      await reset('secret1', 'secret1');
      expect(await screen.findByRole('status')).toHaveTextContent('Password has been successfully reset.');
      expect(window.location.pathname + window.location.search).toBe('/auth?mode=resetPassword');
      expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
      expect(mocked.confirmResetPassword).toHaveBeenCalledWith({
        username: 'a@example.com',
        confirmationCode: '654321',
        newPassword: 'secret1',
      });
    });

    it("maps Cognito's weak-password error, and does not call the link bad", async () => {
      mocked.confirmResetPassword.mockRejectedValue(
        Object.assign(new Error('x'), { name: 'InvalidPasswordException' }),
      );
      await reset('secret1', 'secret1');
      expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');
      expect(screen.queryByText(/Request a new password reset email/)).not.toBeInTheDocument();
    });

    it.each(['CodeMismatchException', 'ExpiredCodeException'])(
      'a bad link (%s) offers a new reset email',
      async (name) => {
        mocked.confirmResetPassword.mockRejectedValue(Object.assign(new Error('x'), { name }));
        await reset('secret1', 'secret1');
        expect(await screen.findByRole('alert')).toHaveTextContent(/link/);
        expect(screen.getByRole('link', { name: 'Request a new password reset email' })).toHaveAttribute(
          'href',
          '/reset-password',
        );
      },
    );
  });

  describe('recoverEmail', () => {
    it('shows both addresses and restores the previous one', async () => {
      mockedApi.getEmailRecovery.mockResolvedValue({
        email: 'new@example.com',
        previousEmail: 'old@example.com',
      });
      mockedApi.recoverEmail.mockResolvedValue({ email: 'old@example.com' });
      open('?mode=recoverEmail&oobCode=abcdefghijklmnopqrstuv');
      expect(window.location.pathname + window.location.search).toBe('/auth?mode=recoverEmail');
      expect(await screen.findByText('old@example.com')).toBeInTheDocument();
      expect(screen.getByText('new@example.com')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Recover' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Email address has been successfully restored to old@example.com.',
      );
      // The password no longer works: the page leads to choosing a new one, the address not in the URL.
      expect(screen.getByText(/its password no longer works/)).toBeInTheDocument();
      // Two-factor sign-in as it was before the change: an app set up after it is gone.
      expect(
        screen.getByText(
          /Two-factor sign-in stays as it was before the change: if it was on, signing in asks/,
        ),
      ).toHaveTextContent('An authenticator app set up after the change has been removed.');
      expect(screen.getByRole('link', { name: 'Choose a New Password' })).toHaveAttribute(
        'href',
        '/reset-password',
      );
      expect(mockedApi.recoverEmail).toHaveBeenCalledWith('abcdefghijklmnopqrstuv');
    });

    it('says when the link is no good', async () => {
      mockedApi.getEmailRecovery.mockRejectedValue({
        error: { code: 'USED_ACTION_CODE', message: 'This link has already been used.' },
      });
      open('?mode=recoverEmail&oobCode=abcdefghijklmnopqrstuv');
      expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used.');
    });
  });
});
