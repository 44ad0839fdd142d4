import React from 'react';
import { P } from '../layout';
import { NotYou, RESET_THEN, when, type SecurityMailData } from '../security';
import { mailTemplate } from '../template';

/** The password was changed by someone signed in to the account. */
export const passwordChanged = mailTemplate<SecurityMailData>({
  subject: () => 'Your Stockbench password was changed',
  title: () => 'Your password was changed',
  body: (d, site) => (
    <>
      <P>The password of your Stockbench account was changed on {when(d.at)}.</P>
      <NotYou data={d} then={RESET_THEN} site={site} />
    </>
  ),
});
