import React, { useState, type FormEvent } from 'react';
import { navigate } from 'gatsby';
import { updatePassword } from 'aws-amplify/auth';
import { authErrorMessage } from '../../auth/errors';
import { signOutUser } from '../../auth/sign-out';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { MIN_PASSWORD_LENGTH } from '../shared/password-rules';
import { useSubmitGuard } from '../shared/use-submit-guard';

export function ChangePassword() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (newPassword.length < MIN_PASSWORD_LENGTH)
        return setError('New password must be at least 6 characters.');
      setError('');
      try {
        await updatePassword({ oldPassword: currentPassword, newPassword });
        await signOutUser().catch(() => undefined);
        await navigate('/sign-in');
      } catch (err) {
        setError(authErrorMessage(err, 'profile'));
      }
    });
  };

  return (
    <section className="account-section" aria-labelledby="change-password">
      <h2 id="change-password">Change Password</h2>
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
          label="New Password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button className="button button--primary" type="submit" disabled={busy}>
          Change Password
        </button>
      </form>
    </section>
  );
}
