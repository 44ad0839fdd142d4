import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from 'aws-amplify/auth';
import { navigate } from 'gatsby';
import { accountConfig } from '../../account-config';
import * as api from '../../api-client/client';
import { expectSignedOutTo } from './support/signed-out';
import { Profile } from '../profile/Profile';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({
  fetchMFAPreference: jest.fn(() => Promise.resolve({})),
  fetchAuthSession: jest.fn(),
  listWebAuthnCredentials: jest.fn(),
  associateWebAuthnCredential: jest.fn(),
  deleteWebAuthnCredential: jest.fn(),
  signOut: jest.fn(),
}));
jest.mock('../../api-client/client', () => ({ signOutEverywhere: jest.fn() }));

const mocked = jest.mocked(auth);
const mockedApi = jest.mocked(api);

const expectStillSignedIn = () => {
  expect(mockedApi.signOutEverywhere).not.toHaveBeenCalled();
  expect(mocked.signOut).not.toHaveBeenCalled();
  expect(navigate).not.toHaveBeenCalled();
};
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const section = () => within(screen.getByRole('region', { name: 'Passkeys' }));
const credential = (id: string, name: string, createdAt: string) => ({
  credentialId: id,
  friendlyCredentialName: name,
  relyingPartyId: 'localhost',
  authenticatorAttachment: 'platform',
  authenticatorTransports: ['internal'],
  createdAt: new Date(createdAt),
});
const laptop = credential('cred-1', 'Passkey', '2026-03-04T10:00:00Z');
const key = credential('cred-2', 'Security key', '2026-05-06T10:00:00Z');
/** Cognito's list as it stands: each call answers the current passkeys. */
let stored: ReturnType<typeof credential>[] = [];
/** The session as Amplify holds it: its access token's auth_time, minutes before now. */
function signedIn(minutesAgo: number) {
  const authTime = Math.floor(Date.now() / 1000) - minutesAgo * 60;
  mocked.fetchAuthSession.mockResolvedValue({
    tokens: { accessToken: { payload: { auth_time: authTime }, toString: () => 'access' } },
  } as unknown as Awaited<ReturnType<typeof auth.fetchAuthSession>>);
}

async function showProfile() {
  render(<Profile user={user} />);
  // The section is ready once the list has been read.
  await waitFor(() => expect(section().queryByRole('status', { name: /loading/i })).toBeNull());
  await section().findByRole('button', { name: 'Add a Passkey' });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.replaceProperty(accountConfig, 'passkeys', true);
  stored = [laptop, key];
  signedIn(1);
  mocked.listWebAuthnCredentials.mockImplementation(() =>
    Promise.resolve({ credentials: stored.map((c) => ({ ...c })) }),
  );
});

describe('Passkeys on /profile', () => {
  it('lists each passkey with its name and the day it was added', async () => {
    await showProfile();
    const rows = await section().findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameAddedActions',
      expect.stringMatching(/^PasskeyMarch 4, 2026Remove Passkey 1$/),
      expect.stringMatching(/^Security keyMay 6, 2026Remove Security key 2$/),
    ]);
  });

  it('reads every page of the list', async () => {
    mocked.listWebAuthnCredentials
      .mockResolvedValueOnce({ credentials: [laptop], nextToken: 'page-2' })
      .mockResolvedValueOnce({ credentials: [key] });
    await showProfile();
    expect(await section().findByRole('rowheader', { name: 'Security key' })).toBeInTheDocument();
    expect(mocked.listWebAuthnCredentials).toHaveBeenLastCalledWith({ pageSize: 20, nextToken: 'page-2' });
  });

  it('says so when there are none', async () => {
    stored = [];
    await showProfile();
    expect(await section().findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(section().queryByRole('table')).toBeNull();
  });

  it('adds one with the browser prompt, then ends every session and leads to sign in with it', async () => {
    stored = [];
    mocked.associateWebAuthnCredential.mockResolvedValue();
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Add a Passkey' }));
    await expectSignedOutTo('passkeyAdded');
    expect(mocked.associateWebAuthnCredential).toHaveBeenCalledTimes(1);
  });

  it('signs out here even when ending the other sessions fails (the change’s own event ends them)', async () => {
    mocked.associateWebAuthnCredential.mockResolvedValue();
    mockedApi.signOutEverywhere.mockRejectedValueOnce({ error: { code: 'SESSION_EXPIRED', message: 'x' } });
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Add a Passkey' }));
    await expectSignedOutTo('passkeyAdded');
  });

  it('asks for a sign-in of the last 15 minutes before the browser prompt', async () => {
    signedIn(16);
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Add a Passkey' }));
    expect(await section().findByRole('alert')).toHaveTextContent(
      'To add a passkey, your sign-in must be from the last 15 minutes. Sign out, sign in again, then add it.',
    );
    expect(mocked.associateWebAuthnCredential).not.toHaveBeenCalled();
    signedIn(14);
    const add = section().getByRole('button', { name: 'Add a Passkey' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await waitFor(() => expect(mocked.associateWebAuthnCredential).toHaveBeenCalledTimes(1));
  });

  it.each([
    [
      'PasskeyRegistrationCanceled',
      'The passkey prompt was closed or timed out, so no passkey was added. Try again when you are ready.',
    ],
    [
      'PasskeyAlreadyExists',
      'This device already holds a passkey for your account: you can sign in with it.',
    ],
    ['PasskeyNotSupported', 'This browser cannot use passkeys. Try another browser or device.'],
    [
      'LimitExceededException',
      'Your account has the most passkeys it can hold. Remove one you no longer use, then add the new one.',
    ],
  ])('explains a failed add (%s) in words', async (name, message) => {
    mocked.associateWebAuthnCredential.mockRejectedValue(Object.assign(new Error('raw'), { name }));
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Add a Passkey' }));
    expect(await section().findByRole('alert')).toHaveTextContent(message);
    expect(section().getAllByRole('row')).toHaveLength(3);
    expectStillSignedIn();
  });

  it('removes one after a confirmation, then ends every session and leads to sign in', async () => {
    mocked.deleteWebAuthnCredential.mockResolvedValue();
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Remove Security key 2' }));
    const confirm = section().getByRole('group', { name: 'Remove Security key 2' });
    expect(confirm).toHaveTextContent('Remove this passkey added May 6, 2026? It no longer signs you in.');
    expect(mocked.deleteWebAuthnCredential).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm Remove' }));
    await expectSignedOutTo('passkeyRemoved');
    expect(mocked.deleteWebAuthnCredential).toHaveBeenCalledWith({ credentialId: 'cred-2' });
  });

  it('keeps it when the confirmation is cancelled', async () => {
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Remove Passkey 1' }));
    await userEvent.click(section().getByRole('button', { name: 'Cancel' }));
    expect(section().getByRole('button', { name: 'Remove Passkey 1' })).toBeInTheDocument();
    expect(mocked.deleteWebAuthnCredential).not.toHaveBeenCalled();
  });

  it('says so when the passkey was already removed elsewhere', async () => {
    mocked.deleteWebAuthnCredential.mockRejectedValue({ name: 'ResourceNotFoundException', message: 'x' });
    await showProfile();
    await userEvent.click(section().getByRole('button', { name: 'Remove Passkey 1' }));
    await userEvent.click(section().getByRole('button', { name: 'Confirm Remove' }));
    expect(await section().findByRole('alert')).toHaveTextContent('This passkey was already removed.');
    expectStillSignedIn();
  });

  it('shows the generic error when the list cannot be read', async () => {
    mocked.listWebAuthnCredentials.mockRejectedValue({ name: 'NetworkError' });
    render(<Profile user={user} />);
    expect(await section().findByRole('alert')).toHaveTextContent('Something unexpected happened.');
  });

  it('is absent from a build without passkeys, and reads nothing', async () => {
    jest.replaceProperty(accountConfig, 'passkeys', false);
    render(<Profile user={user} />);
    await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' });
    expect(screen.queryByRole('region', { name: 'Passkeys' })).toBeNull();
    expect(mocked.listWebAuthnCredentials).not.toHaveBeenCalled();
  });
});
