import React from 'react';
import { day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

/** A refund under the satisfaction guarantee: how much went back, and what ended with it. */
export const refundConfirmed = mailTemplate<{
  /** In the smallest unit of `currency`. */
  amount: number;
  currency: string;
  /** Epoch seconds. */
  refundedAt: number;
  /** The subscription's licenses, ended with the refund. */
  licenses: number;
}>({
  subject: (d) => `Your Stockbench refund of ${money(d.amount, d.currency)}`,
  title: () => 'Your refund is on its way',
  body: (d, site) => (
    <>
      <P>
        We refunded {money(d.amount, d.currency)} to the card you paid with, under the Stockbench satisfaction
        guarantee. That is every payment of your subscription.
      </P>
      <Facts>
        <Fact label="Refunded">{money(d.amount, d.currency)}</Fact>
        <Fact label="On">{day(d.refundedAt)}</Fact>
      </Facts>
      <P>
        Your bank shows the refund on your card statement once it has processed it, which some banks take
        several business days to do.
      </P>
      <P>
        Your subscription and its {licenses(d.licenses)} ended with the refund. The desktop application goes
        back to the free tools at its next license check.
      </P>
      <P>
        The free tools stay free, with no account needed. If you want all the tools again later, you can buy
        licenses on the Licenses page.
      </P>
      <Action href={`${site.siteUrl}/licenses`}>Open the Licenses page</Action>
    </>
  ),
});
