import React from 'react';
import { P } from '../layout';
import { mailTemplate } from '../template';

/** To a former holder: the buyer gave the license to someone else or took it back. */
export const licenseTakenBack = mailTemplate<{ buyerEmail: string; key: string }>({
  subject: () => 'Your Stockbench license was taken back',
  body: (d, site) => (
    <>
      <P>
        {d.buyerEmail} took back the Stockbench license {d.key} they had given you. It no longer works under
        your account: the desktop application stops accepting it at its next online check.
      </P>
      <P>
        To keep using every tool, ask {d.buyerEmail} for a license, or buy one at {site.siteUrl}/pricing.
      </P>
    </>
  ),
});
