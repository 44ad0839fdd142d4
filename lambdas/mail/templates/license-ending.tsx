import React from 'react';
import { day } from '../format';
import { P } from '../layout';
import { mailTemplate } from '../template';

/** To a holder: the license they hold ends (removed, the subscription ended, the account closed). */
export const licenseEnding = mailTemplate<{
  buyerEmail: string | undefined;
  key: string;
  /** ISO 8601 time the license ends (or ended). */
  endsAt: string;
  /** Whether that time has passed when the mail is written. */
  ended: boolean;
}>({
  subject: (d) => (d.ended ? 'Your Stockbench license ended' : 'Your Stockbench license will end'),
  body: (d, site) => {
    const payer = d.buyerEmail ?? 'the account paying for it';
    return (
      <>
        <P>
          {d.ended
            ? `The Stockbench license ${d.key} you hold ended on ${day(d.endsAt)}: ${payer} no longer pays for it.`
            : `The Stockbench license ${d.key} you hold ends on ${day(d.endsAt)}: ${payer} stopped renewing it. It works until then.`}
        </P>
        <P>
          After that the desktop application opens the free tools only. To keep every tool, ask{' '}
          {d.buyerEmail ?? 'your company'} for a license, or buy one at {site.siteUrl}/pricing.
        </P>
      </>
    );
  },
});
