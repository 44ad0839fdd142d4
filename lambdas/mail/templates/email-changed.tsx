import React from 'react';
import { Action, P } from '../layout';
import { mailTemplate } from '../template';

/** The email-recovery flow's message to the old address (recovery-code.ts checks the code it carries). */
export const emailChanged = mailTemplate<{ newEmail: string; code: string }>({
  subject: () => 'Your Stockbench email address was changed',
  body: (d, site) => (
    <>
      <P>
        The email address of your Stockbench account was changed to <b>{d.newEmail}</b>.
      </P>
      <P>If you did not make this change, restore your address with this link:</P>
      <Action href={`${site.siteUrl}/auth?mode=recoverEmail&oobCode=${encodeURIComponent(d.code)}`}>
        Restore my address
      </Action>
      <P>
        Restoring it ends every session and asks you to choose a new password. Two-factor sign-in stays as it
        was before the change; an authenticator app set up after the change is removed.
      </P>
    </>
  ),
});
