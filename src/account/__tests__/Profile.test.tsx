import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as auth from 'aws-amplify/auth';
import * as api from '../../api-client/client';
import { Profile } from '../profile/Profile';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({
  signOut: jest.fn(),
  updatePassword: jest.fn(),
  deleteUser: jest.fn(),
  fetchMFAPreference: jest.fn(() => Promise.resolve({})),
}));
jest.mock('../../api-client/client', () => ({
  updateEmail: jest.fn(),
  deleteCustomer: jest.fn(),
  signOutEverywhere: jest.fn(),
}));
const mocked = jest.mocked(auth);
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const section = (name: string) => within(screen.getByRole('region', { name }));
const fetchMock = jest.fn();
/** What fetch resolves to (jsdom has no Response). */
const reply = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  headers: { get: () => null },
  json: () => Promise.resolve(body),
});

beforeEach(async () => {
  jest.clearAllMocks();
  mocked.signOut.mockResolvedValue(undefined);
  global.fetch = fetchMock;
  render(<Profile user={user} />);
  // The page is ready once the two-factor section has read the account's setting.
  await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' });
});

describe('Change Email', () => {
  async function change(password: string, email: string) {
    await userEvent.type(section('Change Email').getByLabelText('Current Password'), password);
    await userEvent.type(section('Change Email').getByLabelText('New Email'), email);
    await userEvent.click(section('Change Email').getByRole('button', { name: 'Change Email' }));
  }

  it('needs the current password and a new email', () => {
    expect(section('Change Email').getByLabelText('Current Password')).toBeRequired();
    expect(section('Change Email').getByLabelText('New Email')).toBeRequired();
    expect(section('Change Email').getByLabelText('New Email')).toHaveAttribute('type', 'email');
  });

  it('changes the address, signs out and goes to /sign-in', async () => {
    mockedApi.updateEmail.mockResolvedValue({ email: 'new@example.com' });
    await change('secret1', 'new@example.com');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in?note=emailChanged'));
    expect(mockedApi.updateEmail).toHaveBeenCalledWith({
      uid: 'u1',
      oldEmail: 'me@example.com',
      newEmail: 'new@example.com',
      currentPassword: 'secret1',
    });
    expect(mocked.signOut).toHaveBeenCalled();
  });

  it.each([
    ['EMAIL_TAKEN', 'New email is already taken.'],
    ['INCORRECT_PASSWORD', 'Incorrect current password.'],
  ])('shows the message for %s', async (code, message) => {
    mockedApi.updateEmail.mockRejectedValue({ error: { code, message: 'x' } });
    await change('secret1', 'new@example.com');
    expect(await section('Change Email').findByRole('alert')).toHaveTextContent(message);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('Change Password', () => {
  async function change(current: string, next: string) {
    await userEvent.type(section('Change Password').getByLabelText('Current Password'), current);
    await userEvent.type(section('Change Password').getByLabelText('New Password'), next);
    await userEvent.click(section('Change Password').getByRole('button', { name: 'Change Password' }));
  }

  it('needs a new password of at least 6 characters', async () => {
    await change('secret1', 'abc');
    expect(await section('Change Password').findByRole('alert')).toHaveTextContent(
      'New password must be at least 6 characters.',
    );
    expect(mocked.updatePassword).not.toHaveBeenCalled();
  });

  it('changes it, signs out everywhere and goes to /sign-in', async () => {
    mocked.updatePassword.mockResolvedValue(undefined);
    mockedApi.signOutEverywhere.mockResolvedValue({ signedOut: true, tokensValidAfter: '' });
    await change('secret1', 'secret2');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in?note=passwordChanged'));
    expect(mocked.updatePassword).toHaveBeenCalledWith({ oldPassword: 'secret1', newPassword: 'secret2' });
    expect(mockedApi.signOutEverywhere).toHaveBeenCalledWith({});
    expect(mocked.signOut).toHaveBeenCalled();
  });

  it('signs out on this device even when ending the other sessions fails', async () => {
    mocked.updatePassword.mockResolvedValue(undefined);
    mockedApi.signOutEverywhere.mockRejectedValue({ error: { code: 'HTTP_503', message: 'x' } });
    await change('secret1', 'secret2');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sign-in?note=passwordChanged'));
    expect(mocked.signOut).toHaveBeenCalled();
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect current password.'],
    ['InvalidPasswordException', 'New password must be at least 6 characters.'],
    ['LimitExceededException', 'Too many attempts. Please reset your password or try again later.'],
  ])('shows the message for %s', async (name, message) => {
    mocked.updatePassword.mockRejectedValue(Object.assign(new Error('x'), { name }));
    await change('secret1', 'secret2');
    expect(await section('Change Password').findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Delete Account', () => {
  const button = () => section('Delete Account').getByRole('button', { name: 'Delete Account' });

  it('says, before DELETE is typed, what happens to the subscription, the paid days and the receipts, and where to ask for a refund first', () => {
    const text = section('Delete Account');
    expect(text.getByText(/ends your subscription at once/)).toBeInTheDocument();
    expect(text.getByText(/does not refund the days you have already paid for/)).toBeInTheDocument();
    expect(text.getByRole('link', { name: 'ask for the refund on the Licenses page' })).toHaveAttribute(
      'href',
      '/licenses',
    );
    expect(text.getByRole('link', { name: 'Billing History' })).toHaveAttribute(
      'href',
      '/licenses#billing-history',
    );
  });

  it('is enabled only when the confirmation is exactly DELETE', async () => {
    await userEvent.type(section('Delete Account').getByLabelText('Current Password'), 'secret1');
    const confirmation = section('Delete Account').getByLabelText('Confirmation');
    expect(button()).toBeDisabled();
    await userEvent.type(confirmation, 'delete');
    expect(button()).toBeDisabled();
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'DELETE ');
    expect(button()).toBeDisabled();
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'DELETE');
    expect(button()).toBeEnabled();
  });

  async function confirmDelete() {
    await userEvent.type(section('Delete Account').getByLabelText('Current Password'), 'secret1');
    await userEvent.type(section('Delete Account').getByLabelText('Confirmation'), 'DELETE');
    await userEvent.click(button());
  }

  it('re-authenticates, has the BFF delete the account (and its user), and goes home with accountDeleted', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    mockedApi.deleteCustomer.mockResolvedValue({
      deleted: {
        customerId: null,
        subscriptionId: null,
        subscriptionCanceled: false,
        customerDeleted: false,
        account: true,
        licenses: 0,
        otherRecords: 0,
      },
    });
    await confirmDelete();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/?action=accountDeleted'));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'me@example.com', PASSWORD: 'secret1' },
    });
    // The BFF checks the password again before it deletes anything.
    expect(mockedApi.deleteCustomer).toHaveBeenCalledWith('u1', 'secret1');
    // The BFF deletes the Cognito user; the pool refuses the user's own DeleteUser.
    expect(mocked.deleteUser).not.toHaveBeenCalled();
  });

  it('stops at a wrong current password', async () => {
    fetchMock.mockResolvedValue(
      reply(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
    );
    await confirmDelete();
    expect(await section('Delete Account').findByRole('alert')).toHaveTextContent(
      'Incorrect current password.',
    );
    expect(mockedApi.deleteCustomer).not.toHaveBeenCalled();
    expect(mocked.deleteUser).not.toHaveBeenCalled();
  });
});
