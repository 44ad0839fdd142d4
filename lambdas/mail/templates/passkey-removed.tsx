import React from 'react';
import { P } from '../layout';
import { NotYou, PASSKEY_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** A passkey was removed from the account: it no longer signs in. */
export const passkeyRemoved = mailTemplate<SecurityMailData>({
  subject: () => 'A passkey was removed from your Stockbench account',
  title: () => 'A passkey removed',
  body: (d, site) => (
    <>
      <P>
        A passkey was removed from your Stockbench account on {when(d.at)}. It no longer signs in to your
        account. Every session begun before it was removed has ended.
      </P>
      <NotYou data={d} then={PASSKEY_THEN} site={site} about="passkeys" />
    </>
  ),
});
