import React from 'react';
import { P } from '../layout';
import { when } from '../security';
import { mailTemplate } from '../template';

/** The account was deleted: no session link (nothing is left to sign in to). */
export const accountDeleted = mailTemplate<{ at: string }>({
  subject: () => 'Your Stockbench account was deleted',
  title: () => 'Your account was deleted',
  body: (d) => (
    <>
      <P>
        Your Stockbench account was deleted on {when(d.at)}: its subscription ended, its licenses stopped
        working, and we removed what we kept about it. You can create a new account with this address at any
        time.
      </P>
      <P>If you did not do this, write to us from this address.</P>
    </>
  ),
});
