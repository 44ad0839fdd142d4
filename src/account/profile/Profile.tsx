import React from 'react';
import { accountConfig } from '../../account-config';
import type { SessionUser } from '../../auth/session';
import { ChangeEmail } from './ChangeEmail';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { Passkeys } from './Passkeys';
import { TwoFactor } from './TwoFactor';

export function Profile({ user }: { user: SessionUser }) {
  return (
    <>
      <p>
        Signed in as <strong>{user.email}</strong>.
      </p>
      <ChangeEmail user={user} />
      <ChangePassword />
      <TwoFactor user={user} />
      {accountConfig.passkeys && <Passkeys />}
      <DeleteAccount user={user} />
    </>
  );
}
