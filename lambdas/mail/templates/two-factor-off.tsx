import React from 'react';
import { P } from '../layout';
import { NotYou, RESET_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** Two-factor sign-in was turned off for the account. */
export const twoFactorOff = mailTemplate<SecurityMailData>({
  subject: () => 'Two-factor sign-in was turned off for your Stockbench account',
  title: () => 'Two-factor sign-in is off',
  body: (d, site) => (
    <>
      <P>
        Two-factor sign-in was turned off for your Stockbench account on {when(d.at)}. Signing in now needs
        the password alone; you can turn it on again on your profile page.
      </P>
      <NotYou data={d} then={RESET_THEN} site={site} />
    </>
  ),
});
