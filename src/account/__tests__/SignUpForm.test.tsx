import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import { SignUpForm } from '../sign-up/SignUpForm';
import { hasFreshVerificationMail } from '../../auth/verification-mail';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({ signUp: jest.fn() }));
const mocked = jest.mocked(auth);

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  render(<SignUpForm />);
  await user.type(screen.getByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
});

describe('SignUpForm', () => {
  it('requires all three fields', () => {
    render(<SignUpForm />);
    for (const label of ['Email', 'Password', 'Confirm Password'])
      expect(screen.getByLabelText(label)).toBeRequired();
  });

  it('refuses passwords that do not match', async () => {
    await fill('secret1', 'secret2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  it('refuses a password under 6 characters', async () => {
    await fill('abc', 'abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');
    expect(mocked.signUp).not.toHaveBeenCalled();
  });

  it('creates the account and goes to /sign-in', async () => {
    mocked.signUp.mockResolvedValue({} as never);
    await fill('secret1', 'secret1');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in?note=signedUp'));
    expect(mocked.signUp).toHaveBeenCalledWith({
      username: 'new@example.com',
      password: 'secret1',
    });
    // So the first sign-in does not mail a second link while this one works.
    expect(hasFreshVerificationMail('new@example.com')).toBe(true);
  });

  it.each([
    ['UsernameExistsException', 'Email address already taken.'],
    ['InvalidPasswordException', 'Password must be at least 6 characters.'],
  ])('shows the message for %s', async (name, message) => {
    mocked.signUp.mockRejectedValue(Object.assign(new Error('x'), { name }));
    await fill('secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  describe('from a mailed link (?email=)', () => {
    afterEach(() => window.history.replaceState(null, '', '/sign-up'));

    it('fills in the address it names', () => {
      window.history.replaceState(null, '', '/sign-up?email=ana.lee%2Bwork%40example.co.uk');
      render(<SignUpForm />);
      expect(screen.getByLabelText('Email')).toHaveValue('ana.lee+work@example.co.uk');
      expect(screen.getByLabelText('Password')).toHaveValue('');
    });

    it.each(['not-an-address', 'a@b', 'two words@example.com', '<x>@example.com'])(
      'leaves the field empty for %p',
      (value) => {
        window.history.replaceState(null, '', `/sign-up?email=${encodeURIComponent(value)}`);
        render(<SignUpForm />);
        expect(screen.getByLabelText('Email')).toHaveValue('');
      },
    );
  });
});
