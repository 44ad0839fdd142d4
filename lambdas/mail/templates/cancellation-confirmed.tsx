import React from 'react';
import { day, licenses } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

/** The subscription is set to end at its period's end (the last renewing license removed, or cancelled). */
export const cancellationConfirmed = mailTemplate<{
  /** Epoch seconds: when service ends. */
  endsAt: number;
  /** Licenses in force until then. */
  licenses: number;
}>({
  subject: (d) => `Your Stockbench subscription ends on ${day(d.endsAt)}`,
  title: () => 'Your subscription is cancelled',
  body: (d, site) => (
    <>
      <P>
        Your subscription no longer renews. Nothing more will be charged, and your {licenses(d.licenses)}{' '}
        {d.licenses === 1 ? 'keeps' : 'keep'} working until the end of the period you paid for.
      </P>
      <Facts>
        <Fact label="Service ends">{day(d.endsAt)}</Fact>
      </Facts>
      <P>Changed your mind? Until that day, choose Keep Renewing on the Licenses page.</P>
      <Action href={`${site.siteUrl}/licenses`}>Open the Licenses page</Action>
    </>
  ),
});
