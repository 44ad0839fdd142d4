import React, { useState } from 'react';
import { navigate } from 'gatsby';
import { deleteCustomer } from '../../api-client/client';
import { reauthenticate } from '../../auth/reauthenticate';
import type { SessionUser } from '../../auth/session';
import { signOutUser } from '../../auth/sign-out';
import { CurrentPasswordField } from '../shared/CurrentPasswordField';
import { Field } from '../shared/Field';
import { FormFooter } from '../shared/FormFooter';
import { useAuthForm } from '../shared/use-auth-form';
import { DeletionConsequences } from './DeletionConsequences';
import { ProfileSection } from './ProfileSection';

const DELETE_WORD = 'DELETE';

/**
 * Delete account: re-authenticate, then the BFF closes the account and deletes the Cognito user (the
 * user pool refuses a user's own DeleteUser), then sign out.
 */
export function DeleteAccount({ user }: { user: SessionUser }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, error, submit } = useAuthForm('profile');

  const onSubmit = submit(async () => {
    if (confirmation !== DELETE_WORD) return;
    await reauthenticate(user.email, currentPassword);
    await deleteCustomer(user.uid, currentPassword);
    await signOutUser().catch(() => undefined);
    await navigate('/?action=accountDeleted');
  });

  return (
    <ProfileSection id="delete-account" title="Delete Account" danger>
      <DeletionConsequences />
      <p>
        Type <strong>{DELETE_WORD}</strong> to confirm.
      </p>
      <form className="account-form" onSubmit={onSubmit}>
        <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
        <Field
          label="Confirmation"
          type="text"
          name="confirmation"
          autoComplete="off"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        <FormFooter
          error={error}
          busy={busy}
          label="Delete Account"
          variant="danger"
          disabled={confirmation !== DELETE_WORD || !currentPassword}
        />
      </form>
    </ProfileSection>
  );
}
