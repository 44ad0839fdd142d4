import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { updatePassword } from 'aws-amplify/auth';
import { signOutUser } from '../../auth/sign-out';
import { CurrentPasswordField } from '../shared/CurrentPasswordField';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { MIN_PASSWORD_LENGTH } from '../shared/password-rules';
import { withNote } from '../shared/RedirectNote';
import { useAuthForm } from '../shared/use-auth-form';
import { ProfileSection } from './ProfileSection';

export function ChangePassword() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, error, submit } = useAuthForm('profile');

  const onSubmit = submit(async () => {
    if (newPassword.length < MIN_PASSWORD_LENGTH) return 'New password must be at least 6 characters.';
    await updatePassword({ oldPassword: currentPassword, newPassword });
    // Every session ends, on every device: whoever knew the old password is out too.
    await signOutUser({ everywhere: true }).catch(() => undefined);
    await navigate(withNote('/sign-in', 'passwordChanged'));
  });

  return (
    <ProfileSection id="change-password" title="Change Password">
      <form className="account-form" onSubmit={onSubmit}>
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
        <Field
          label="New Password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <FormFooter error={error} busy={busy} label="Change Password" />
      </form>
    </ProfileSection>
  );
}
