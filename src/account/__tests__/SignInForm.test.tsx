import React from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import { SignInForm } from '../sign-in/SignInForm';
import { siteConfig } from '../../config';
import { accountConfig } from '../../account-config';
import { recordVerificationMail, VERIFICATION_MAIL_FRESH_MS } from '../../auth/verification-mail';

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
const idToken = (emailVerified: boolean) => ({
  payload: { sub: 'u1', email: 'a@example.com', email_verified: emailVerified, exp: 2_000_000_000 },
  toString: () => 'id-token',
});

async function submit(email = 'a@example.com', password = 'secret1') {
  const user = userEvent.setup();
  render(<SignInForm />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  window.history.replaceState(null, '', '/sign-in');
  mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
});

describe('SignInForm', () => {
  it('requires an email (type email) and a password', () => {
    render(<SignInForm />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('signs in with USER_PASSWORD_AUTH and goes home when verified', async () => {
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(mocked.signIn).toHaveBeenCalledWith({
      username: 'a@example.com',
      password: 'secret1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('returns to the guarded page it came from (a local path only)', async () => {
    window.history.replaceState(null, '', '/sign-in?next=%2Flicenses');
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses'));
  });

  it.each([
    // As typed in the address bar (URLSearchParams decodes them once).
    ['/sign-in?next=/\\evil.example'],
    ['/sign-in?next=/%5Cevil.example'],
    ['/sign-in?next=%2F%5Cevil.example'],
    ['/sign-in?next=/%09/evil.example'],
    ['/sign-in?next=/%0A/evil.example'],
    ['/sign-in?next=/%0D%0A/evil.example'],
    ['/sign-in?next=%09//evil.example'],
    ['/sign-in?next=//evil.example'],
    ['/sign-in?next=%2F%2Fevil.example'],
    ['/sign-in?next=https://evil.example'],
    ['/sign-in?next=https%3A%2F%2Fevil.example%2Flicenses'],
    ['/sign-in?next=javascript:alert(1)'],
    ['/sign-in?next=javascript%3Aalert(1)'],
    ['/sign-in?next=/a/..//evil.example'],
  ])('goes home instead of leaving the site for %s', async (url) => {
    window.history.replaceState(null, '', url);
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('keeps a same-origin next with its query (normalised)', async () => {
    window.history.replaceState(
      null,
      '',
      `/sign-in?next=${encodeURIComponent(`${window.location.origin}/checkout?count=2`)}`,
    );
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout?count=2'));
  });

  it('sends a new code to an unconfirmed user this browser sent none, and says so', async () => {
    mocked.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    mocked.resendSignUpCode.mockResolvedValue({} as never);
    await submit();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/must-verify-email?email=a%40example.com&resent=1'),
    );
    expect(mocked.resendSignUpCode).toHaveBeenCalledWith({ username: 'a@example.com' });
  });

  it("does not mail a second link on a new account's first sign-in while the sign-up email still works", async () => {
    recordVerificationMail('A@example.com', Date.now() - 60 * 60 * 1000);
    mocked.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/must-verify-email?email=a%40example.com'));
    expect(mocked.resendSignUpCode).not.toHaveBeenCalled();
  });

  it('mails a new link once the sign-up email is about to expire', async () => {
    recordVerificationMail('a@example.com', Date.now() - VERIFICATION_MAIL_FRESH_MS);
    mocked.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    mocked.resendSignUpCode.mockResolvedValue({} as never);
    await submit();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/must-verify-email?email=a%40example.com&resent=1'),
    );
    expect(mocked.resendSignUpCode).toHaveBeenCalledTimes(1);
  });

  it('brings an unverified user sent from a protected page back to it at the first verified sign-in', async () => {
    // /licenses sent them here; the address is not verified yet.
    window.history.replaceState(null, '', '/sign-in?next=%2Flicenses%3Ftab%3D1&note=verifyFirst');
    mocked.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    mocked.resendSignUpCode.mockResolvedValue({} as never);
    await submit();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/must-verify-email?email=a%40example.com&resent=1&next=%2Flicenses%3Ftab%3D1',
      ),
    );
    cleanup();

    // Verified from the mail (often in another tab), the home page asks to sign in again: no `next`.
    jest.mocked(navigate).mockClear();
    window.history.replaceState(null, '', '/sign-in');
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit('A@example.com');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?tab=1'));
    cleanup();

    // Once: the next sign-in goes home.
    jest.mocked(navigate).mockClear();
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('sends a verification code when the signed-in email is not verified', async () => {
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(false) } } as never);
    await submit();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/must-verify-email?email=a%40example.com&resent=1'),
    );
    expect(mocked.sendUserAttributeVerificationCode).toHaveBeenCalledWith({ userAttributeKey: 'email' });
  });

  it('sends none after an address change that just mailed the new address', async () => {
    recordVerificationMail('a@example.com');
    mocked.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    mocked.fetchAuthSession
      .mockResolvedValueOnce({ tokens: undefined } as never)
      .mockResolvedValue({ tokens: { idToken: idToken(false) } } as never);
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/must-verify-email?email=a%40example.com'));
    expect(mocked.sendUserAttributeVerificationCode).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect email address or password.'],
    ['UserNotFoundException', 'Email address not found.'],
    ['InvalidPasswordException', 'Incorrect password.'],
    ['LimitExceededException', 'Too many attempts. Please reset your password or try again later.'],
  ])('shows the message for %s', async (name, message) => {
    mocked.signIn.mockRejectedValue(Object.assign(new Error('x'), { name }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('with two-factor sign-in on', () => {
    const totpStep = {
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    } as const;

    async function toCodeStep() {
      mocked.signIn.mockResolvedValue(totpStep as never);
      const user = await submit();
      await screen.findByLabelText('Authentication Code');
      return user;
    }

    it('asks for the 6-digit code after the right password, and says what to do without the phone', async () => {
      await toCodeStep();
      const field = screen.getByLabelText('Authentication Code');
      expect(field).toBeRequired();
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(screen.getByText(/Two-factor sign-in is on for/)).toHaveTextContent('a@example.com');
      expect(screen.getByText(/Lost your phone\?/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: siteConfig.supportEmail })).toHaveAttribute(
        'href',
        `mailto:${siteConfig.supportEmail}`,
      );
      expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      expect(navigate).not.toHaveBeenCalled();
    });

    it('signs in with the code (spaces typed are dropped) and goes on', async () => {
      window.history.replaceState(null, '', '/sign-in?next=%2Flicenses');
      const user = await toCodeStep();
      mocked.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      mocked.fetchAuthSession.mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
      await user.type(screen.getByLabelText('Authentication Code'), '123 456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses'));
      expect(mocked.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    });

    it('says a wrong code clearly and lets the person type it again', async () => {
      const user = await toCodeStep();
      mocked.confirmSignIn.mockRejectedValueOnce(
        Object.assign(new Error('Invalid code received for user'), { name: 'CodeMismatchException' }),
      );
      await user.type(screen.getByLabelText('Authentication Code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
      );
      expect(navigate).not.toHaveBeenCalled();

      mocked.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      mocked.fetchAuthSession.mockResolvedValue({ tokens: { idToken: idToken(true) } } as never);
      await user.clear(screen.getByLabelText('Authentication Code'));
      await user.type(screen.getByLabelText('Authentication Code'), '654321');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    });

    it('goes back to the password when the sign-in session has expired', async () => {
      const user = await toCodeStep();
      mocked.confirmSignIn.mockRejectedValue(
        Object.assign(new Error('Invalid session for the user, session is expired.'), {
          name: 'NotAuthorizedException',
        }),
      );
      await user.type(screen.getByLabelText('Authentication Code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your sign-in has expired. Please enter your password again.',
      );
      expect(screen.getByLabelText('Password')).toHaveValue('');
      expect(screen.getByLabelText('Email')).toHaveValue('a@example.com');
      expect(screen.queryByLabelText('Authentication Code')).not.toBeInTheDocument();
    });
  });

  it('sends once on a double click', async () => {
    mocked.signIn.mockImplementation(() => new Promise(() => undefined));
    const user = await submit();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(mocked.signIn).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });
});
