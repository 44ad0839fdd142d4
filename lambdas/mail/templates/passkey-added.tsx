import React from 'react';
import { P } from '../layout';
import { NotYou, PASSKEY_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** A passkey was added to the account: it signs in without the password. */
export const passkeyAdded = mailTemplate<SecurityMailData>({
  subject: () => 'A passkey was added to your Stockbench account',
  title: () => 'A new passkey',
  body: (d, site) => (
    <>
      <P>
        A passkey was added to your Stockbench account on {when(d.at)}. It signs in to your account without
        your password. Every session begun before it was added has ended.
      </P>
      <NotYou data={d} then={PASSKEY_THEN} site={site} about="passkeys" />
    </>
  ),
});
