import { waitFor } from '@testing-library/react';
import * as auth from 'aws-amplify/auth';
import { navigate } from 'gatsby';
import * as api from '../../../api-client/client';

// What a change of factor on /profile (the second factor, a passkey) leaves: every session ended, this
// one too, and the person on /sign-in with the change's note. For test files that mock
// aws-amplify/auth's signOut and the api-client's signOutEverywhere (these imports are their mocks).

/** Every session ended (sign-ins waiting for a code spared), this one too, and on to sign in. */
export async function expectSignedOutTo(note: string): Promise<void> {
  await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/sign-in?note=${note}`));
  expect(jest.mocked(api).signOutEverywhere).toHaveBeenCalledWith({ keepPendingSignIns: true });
  expect(jest.mocked(auth).signOut).toHaveBeenCalled();
}
