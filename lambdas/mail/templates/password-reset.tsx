import React from 'react';
import { Action, P } from '../layout';
import { when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** The password was reset with a code mailed to the account's address. */
export const passwordReset = mailTemplate<SecurityMailData>({
  subject: () => 'Your Stockbench password was reset',
  title: () => 'Your password was reset',
  body: (d) => (
    <>
      <P>
        The password of your Stockbench account was reset on {when(d.at)}, with a code we mailed to this
        address. Every session of the account ended, on every device.
      </P>
      <P>
        If you did not do this, someone can read this mailbox: secure it first, then reset your password again
        from the sign-in page. This link ends every session again at once:
      </P>
      <Action href={d.endSessionsLink}>End every session</Action>
    </>
  ),
});
