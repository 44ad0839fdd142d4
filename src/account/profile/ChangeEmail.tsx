import React, { useState, type FormEvent } from 'react';
import { navigate } from 'gatsby';
import { updateEmail } from '../../api/client';
import { authErrorMessage } from '../../auth/errors';
import type { SessionUser } from '../../auth/session';
import { signOutUser } from '../../auth/sign-out';
import { Field } from '../shared/Field';
import { FormMessage } from '../shared/FormMessage';
import { useSubmitGuard } from '../shared/use-submit-guard';

/** Change email: the BFF checks the current password, changes the address and mails the old one an undo link. */
export function ChangeEmail({ user }: { user: SessionUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useSubmitGuard(500);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError('');
      try {
        await updateEmail({
          uid: user.uid,
          oldEmail: user.email,
          newEmail: newEmail.trim(),
          currentPassword,
        });
        await signOutUser().catch(() => undefined);
        await navigate('/sign-in');
      } catch (err) {
        setError(authErrorMessage(err, 'profile'));
      }
    });
  };

  return (
    <section className="account-section" aria-labelledby="change-email">
      <h2 id="change-email">Change Email</h2>
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
          label="New Email"
          type="email"
          name="newEmail"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <FormMessage kind="error">{error}</FormMessage>
        <button className="button button--primary" type="submit" disabled={busy}>
          Change Email
        </button>
      </form>
    </section>
  );
}
