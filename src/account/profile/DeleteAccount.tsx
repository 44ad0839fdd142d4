import React, { useState, type FormEvent } from 'react';
import { navigate } from 'gatsby';
import { deleteUser } from 'aws-amplify/auth';
import { deleteCustomer } from '../../api/client';
import { authErrorMessage } from '../../auth/errors';
import { reauthenticate } from '../../auth/reauthenticate';
import type { SessionUser } from '../../auth/session';
import { signOutUser } from '../../auth/sign-out';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

export const DELETE_WORD = 'DELETE';

/** Delete account: re-authenticate, remove the stored account data, delete the Cognito user, sign out. */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmation !== DELETE_WORD) return;
    void run(async () => {
      setError('');
      try {
        await reauthenticate(user.email, currentPassword);
        await deleteCustomer(user.uid);
        await deleteUser();
        await signOutUser().catch(() => undefined);
        await navigate('/?action=accountDeleted');
      } catch (err) {
        setError(authErrorMessage(err, 'profile'));
      }
    });
  };

  return (
    <section className="account-section account-section--danger" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete Account</h2>
      <p>
        This ends your subscription, removes your licenses and deletes your account. It cannot be undone. Type{' '}
        <strong>{DELETE_WORD}</strong> to confirm.
      </p>
      <form className="account-form" onSubmit={onSubmit}>
        <Field
          label="Current Password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <Field
          label="Confirmation"
          type="text"
          name="confirmation"
          autoComplete="off"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button
          className="button button--danger"
          type="submit"
          disabled={busy || confirmation !== DELETE_WORD || !currentPassword}
        >
          Delete Account
        </button>
      </form>
    </section>
  );
}
