import React from 'react';
import { day } from '../format';
import { Action, P } from '../layout';
import { mailTemplate } from '../template';

/** The subscription has ended, and its licenses with it. */
export const subscriptionEnded = mailTemplate<{
  /** Epoch seconds. */
  endedAt: number;
  /** Stripe ended it because the payments failed (not because it was cancelled). */
  unpaid: boolean;
}>({
  subject: () => 'Your Stockbench subscription has ended',
  body: (d, site) => (
    <>
      <P>
        {d.unpaid
          ? `Your subscription ended on ${day(d.endedAt)} because its renewal could not be paid.`
          : `Your subscription ended on ${day(d.endedAt)}, as you asked.`}{' '}
        Its licenses no longer work: the Stockbench application opens the free tools only. Nothing more will
        be charged.
      </P>
      <P>Your account stays, and you can buy licenses again at any time.</P>
      <Action href={`${site.siteUrl}/licenses`}>Buy licenses</Action>
    </>
  ),
});
