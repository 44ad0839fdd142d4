import React from 'react';
import { P } from '../layout';
import { NotYou, TURN_OFF_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** Two-factor sign-in was turned on for the account. */
export const twoFactorOn = mailTemplate<SecurityMailData>({
  subject: () => 'Two-factor sign-in was turned on for your Stockbench account',
  title: () => 'Two-factor sign-in is on',
  body: (d, site) => (
    <>
      <P>
        Two-factor sign-in was turned on for your Stockbench account on {when(d.at)}. From now on, signing in
        asks for a code from the authenticator app that was set up.
      </P>
      <NotYou data={d} then={TURN_OFF_THEN} site={site} />
    </>
  ),
});
