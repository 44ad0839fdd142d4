import React from 'react';
import { P } from '../layout';
import { NotYou, TURN_OFF_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** Another authenticator app replaced the one two-factor sign-in used. */
export const twoFactorChanged = mailTemplate<SecurityMailData>({
  subject: () => 'A new authenticator app was set up for your Stockbench account',
  title: () => 'A new authenticator app',
  body: (d, site) => (
    <>
      <P>
        A new authenticator app was set up for two-factor sign-in to your Stockbench account on {when(d.at)}.
        Codes from the app used before no longer work.
      </P>
      <NotYou data={d} then={TURN_OFF_THEN} site={site} />
    </>
  ),
});
