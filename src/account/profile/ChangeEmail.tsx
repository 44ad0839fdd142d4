import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { updateEmail } from '../../api-client/client';
import type { SessionUser } from '../../auth/session';
import { signOutUser } from '../../auth/sign-out';
import { recordVerificationMail } from '../../auth/verification-mail';
import { emailAddressProblem, normalizeEmail } from '../../lib/email-address';
import { flagLookalikes } from '../shared/email-validity';
import { CurrentPasswordField } from '../shared/CurrentPasswordField';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { withNote } from '../shared/RedirectNote';
import { useAuthForm } from '../shared/use-auth-form';
import { ProfileSection } from './ProfileSection';

/** Change email: the BFF checks the current password, changes the address and mails the old one an undo link. */
export function ChangeEmail({ user }: { user: SessionUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const { busy, error, submit } = useAuthForm('profile');

  const onSubmit = submit(async () => {
    const problem = emailAddressProblem(newEmail);
    if (problem) return problem;
    const address = normalizeEmail(newEmail);
    await updateEmail({ uid: user.uid, oldEmail: user.email, newEmail: address, currentPassword });
    // Cognito mailed the new address a verification link as the address changed.
    recordVerificationMail(address);
    await signOutUser().catch(() => undefined);
    await navigate(withNote('/sign-in', 'emailChanged'));
  });

  return (
    <ProfileSection id="change-email" title="Change Email">
      <form className="account-form" onSubmit={onSubmit}>
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
        <Field
          label="New Email"
          type="email"
          name="newEmail"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => {
            flagLookalikes(e);
            setNewEmail(e.target.value);
          }}
        />
        <FormFooter error={error} busy={busy} label="Change Email" />
      </form>
    </ProfileSection>
  );
}
