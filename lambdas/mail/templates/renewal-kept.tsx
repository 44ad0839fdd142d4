import React from 'react';
import { day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

/** To the buyer: licenses set to end renew again (Keep Renewing), and what the next renewal charges. */
export const renewalKept = mailTemplate<{
  /** The licenses kept renewing by this request. */
  kept: number;
  /** All the licenses that renew now. */
  renewing: number;
  /** The next renewal's charge (cents) and when (ISO 8601); none when nothing will be charged. */
  nextCharge: { amount: number; currency: string; date: string } | null;
}>({
  subject: (d) => `Your Stockbench ${d.kept === 1 ? 'license keeps' : 'licenses keep'} renewing`,
  title: () => 'Renewing again',
  body: (d, site) => (
    <>
      <P>
        You chose Keep Renewing: {licenses(d.kept)} that {d.kept === 1 ? 'was' : 'were'} set to end{' '}
        {d.kept === 1 ? 'renews' : 'renew'} every month again, with the same {d.kept === 1 ? 'key' : 'keys'}.
        Nothing is charged now.
      </P>
      {d.nextCharge && (
        <Facts>
          <Fact label="Next charge">{money(d.nextCharge.amount, d.nextCharge.currency)}</Fact>
          <Fact label="On">{day(d.nextCharge.date)}</Fact>
          <Fact label="For">{licenses(d.renewing)} renewing</Fact>
        </Facts>
      )}
      <P>You can remove licenses or cancel on the Licenses page any time before that day.</P>
      <Action href={`${site.siteUrl}/licenses`}>Open the Licenses page</Action>
    </>
  ),
});
