import React from 'react';
import type { SessionUser } from '../../auth/session';
import { ChangeEmail } from './ChangeEmail';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';

export function Profile({ user }: { user: SessionUser }) {
  return (
    <>
      <p>
        Signed in as <strong>{user.email}</strong>.
      </p>
      <ChangeEmail user={user} />
      <ChangePassword />
      <DeleteAccount user={user} />
    </>
  );
}
