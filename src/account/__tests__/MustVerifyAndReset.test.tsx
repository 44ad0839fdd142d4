import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from 'aws-amplify/auth';
import { AuthProvider } from '../../auth/AuthContext';
import { MustVerifyEmail } from '../must-verify-email/MustVerifyEmail';
import { ResetPasswordRequest } from '../reset-password/ResetPasswordRequest';
import { accountConfig } from '../../account-config';
import { hasFreshVerificationMail } from '../../auth/verification-mail';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/utils', () => ({ Hub: { listen: jest.fn(() => () => undefined) } }));
jest.mock('aws-amplify/auth', () => ({
  fetchAuthSession: jest.fn(),
  signOut: jest.fn(),
  resendSignUpCode: jest.fn(),
  sendUserAttributeVerificationCode: jest.fn(),
  resetPassword: jest.fn(),
}));
const mocked = jest.mocked(auth);

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  jest.replaceProperty(accountConfig.cognito, 'userPoolId', 'us-east-1_test');
  mocked.fetchAuthSession.mockResolvedValue({ tokens: undefined } as never);
});

describe('/must-verify-email', () => {
  beforeEach(() => window.history.replaceState(null, '', '/must-verify-email?email=new%40example.com'));

  it('shows the address, resends the email and links to sign-in', async () => {
    mocked.resendSignUpCode.mockResolvedValue({} as never);
    render(
      <AuthProvider>
        <MustVerifyEmail />
      </AuthProvider>,
    );
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    const button = screen.getByRole('button', { name: 'Resend Email' });
    await screen.findByRole('button', { name: 'Resend Email' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification email has been sent to new@example.com. Links in earlier verification emails no longer work.',
    );
    expect(mocked.resendSignUpCode).toHaveBeenCalledWith({ username: 'new@example.com' });
    expect(button).toBeInTheDocument();
    // A sign-in right after this does not mail yet another link.
    expect(hasFreshVerificationMail('new@example.com')).toBe(true);
  });

  it('says when the sign-in just sent a new email, and that earlier links no longer work', async () => {
    window.history.replaceState(null, '', '/must-verify-email?email=new%40example.com&resent=1');
    render(
      <AuthProvider>
        <MustVerifyEmail />
      </AuthProvider>,
    );
    expect(
      (await screen.findByText(/A new verification email has been sent to/)).closest('p'),
    ).toHaveTextContent(
      'A new verification email has been sent to new@example.com. Follow the link in it to verify your email address, then sign in. Links in earlier verification emails no longer work.',
    );
  });

  it('keeps the protected page the user was going to in its sign-in link', async () => {
    window.history.replaceState(null, '', '/must-verify-email?email=new%40example.com&next=%2Flicenses');
    render(
      <AuthProvider>
        <MustVerifyEmail />
      </AuthProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Flicenses',
    );
  });

  it('says the sign-up email is the one to use when none was re-sent', async () => {
    render(
      <AuthProvider>
        <MustVerifyEmail />
      </AuthProvider>,
    );
    expect((await screen.findByText(/has been sent to/)).closest('p')).toHaveTextContent(
      'A verification email has been sent to new@example.com. Follow the link in it to verify your email address, then sign in.',
    );
    expect(screen.queryByText(/earlier/)).not.toBeInTheDocument();
  });

  it('takes the address out of the address bar and still shows it after a reload', async () => {
    const page = () =>
      render(
        <AuthProvider>
          <MustVerifyEmail />
        </AuthProvider>,
      );
    const first = page();
    expect(window.location.pathname + window.location.search).toBe('/must-verify-email');
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    // Enabled once the session is known.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend Email' })).toBeEnabled());
    first.unmount();
    page();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend Email' })).toBeEnabled());
  });

  it('says too many attempts in the verify wording', async () => {
    mocked.resendSignUpCode.mockRejectedValue(
      Object.assign(new Error('x'), { name: 'LimitExceededException' }),
    );
    render(
      <AuthProvider>
        <MustVerifyEmail />
      </AuthProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  });
});

describe('/reset-password', () => {
  it('sends the email and says where it went', async () => {
    mocked.resetPassword.mockResolvedValue({} as never);
    render(<ResetPasswordRequest />);
    expect(screen.getByLabelText('Email')).toBeRequired();
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An email with instructions has been sent to me@example.com.',
    );
    expect(mocked.resetPassword).toHaveBeenCalledWith({ username: 'me@example.com' });
  });

  it('asks a rate-limited user to wait, not to reset the password they are resetting', async () => {
    mocked.resetPassword.mockRejectedValue(
      Object.assign(new Error('Attempt limit exceeded, please try after some time.'), {
        name: 'LimitExceededException',
      }),
    );
    render(<ResetPasswordRequest />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/reset/i);
  });

  it('maps an unknown address', async () => {
    mocked.resetPassword.mockRejectedValue(Object.assign(new Error('x'), { name: 'UserNotFoundException' }));
    render(<ResetPasswordRequest />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address not found.');
  });
});
