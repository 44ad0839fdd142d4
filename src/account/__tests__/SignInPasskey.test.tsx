import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import { SignInForm } from '../sign-in/SignInForm';
import { accountConfig } from '../../account-config';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({
  signIn: jest.fn(),
  confirmSignIn: jest.fn(),
  signOut: jest.fn(),
  fetchAuthSession: jest.fn(),
  resendSignUpCode: jest.fn(),
  sendUserAttributeVerificationCode: jest.fn(),
}));

const mocked = jest.mocked(auth);
const PASSKEY = 'Sign In With a Passkey';
const idToken = {
  payload: { sub: 'u1', email: 'a@example.com', email_verified: true, exp: 2_000_000_000 },
  toString: () => 'id-token',
};

async function signInWithPasskey(email = 'a@example.com') {
  const user = userEvent.setup();
  render(<SignInForm />);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: PASSKEY }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  jest.replaceProperty(accountConfig, 'passkeys', true);
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  window.history.replaceState(null, '', '/sign-in');
  mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
});

describe('Sign In With a Passkey', () => {
  it('asks Cognito for the passkey challenge (USER_AUTH, WEB_AUTHN) and goes on like a password sign-in', async () => {
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken } } as never);
    await signInWithPasskey(' a@example.com ');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(mocked.signIn).toHaveBeenCalledWith({
      username: 'a@example.com',
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
  });

  it('asks for the authenticator-app code next when two-factor sign-in is on', async () => {
    mocked.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    mocked.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken } } as never);
    const user = await signInWithPasskey();
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(mocked.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it('sends a person without a passkey to the password, with no prompt waiting', async () => {
    mocked.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
        availableChallenges: ['PASSWORD'],
      },
    });
    await signInWithPasskey();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has no passkey yet. Sign in with your password; you can add a passkey on your profile.',
    );
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('asks for the email first, without calling Cognito', async () => {
    await signInWithPasskey('');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter your email address, then choose Sign In With a Passkey.',
    );
    expect(mocked.signIn).not.toHaveBeenCalled();
  });

  it.each([
    [
      'PasskeyAuthenticationCanceled',
      'The passkey prompt was closed or timed out, or this device has no passkey for this account. Try again, or sign in with your password.',
    ],
    ['NotAuthorizedException', 'This passkey was not accepted. Try again, or sign in with your password.'],
    ['PasskeyNotSupported', 'This browser cannot use passkeys. Sign in with your password.'],
  ])('explains a refused passkey (%s) in words and keeps the password form', async (name, message) => {
    mocked.signIn.mockRejectedValue(Object.assign(new Error('raw'), { name }));
    await signInWithPasskey();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is absent from a build without passkeys', () => {
    jest.replaceProperty(accountConfig, 'passkeys', false);
    render(<SignInForm />);
    expect(screen.queryByRole('button', { name: PASSKEY })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
