import React from 'react';
import { day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

/**
 * One refund of one payment, whoever made it (the satisfaction guarantee, support, Stripe's Dashboard):
 * how much went back of what was paid, and what it means for the licenses.
 */
export const refundConfirmed = mailTemplate<{
  /** This refund, in the smallest unit of `currency`. */
  amount: number;
  currency: string;
  /** Epoch seconds. */
  refundedAt: number;
  /** The payment refunded (all or part of it): what it took and when (epoch seconds). */
  paymentAmount: number;
  paidAt: number;
  /** Under the satisfaction guarantee: the subscription's licenses, ended with the refund. */
  guarantee?: { licenses: number };
}>({
  subject: (d) => `Your Stockbench refund of ${money(d.amount, d.currency)}`,
  title: () => 'Your refund is on its way',
  body: (d, site) => {
    const whole = d.amount >= d.paymentAmount;
    const what = whole
      ? `your payment of ${money(d.paymentAmount, d.currency)} on ${day(d.paidAt)}`
      : `your payment of ${money(d.paymentAmount, d.currency)} on ${day(d.paidAt)} (part of it)`;
    return (
      <>
        <P>
          We refunded {money(d.amount, d.currency)} to the card you paid with
          {d.guarantee ? ', under the Stockbench satisfaction guarantee' : ''}: {what}.
        </P>
        <Facts>
          <Fact label="Refunded">{money(d.amount, d.currency)}</Fact>
          <Fact label="On">{day(d.refundedAt)}</Fact>
          <Fact label="Of the payment">
            {money(d.paymentAmount, d.currency)} on {day(d.paidAt)}
          </Fact>
        </Facts>
        <P>
          Your bank shows the refund on your card statement once it has processed it, which some banks take
          several business days to do. The billing history on the Licenses page shows it too.
        </P>
        {d.guarantee ? (
          <>
            <P>
              The guarantee refunds every payment of your subscription, each with its own refund. Your
              subscription and its {licenses(d.guarantee.licenses)} ended with the refund. The desktop
              application goes back to the free tools at its next license check.
            </P>
            <P>
              The free tools stay free, with no account needed. If you want all the tools again later, you can
              buy licenses on the Licenses page.
            </P>
          </>
        ) : (
          <P>This refund does not change your subscription or your licenses.</P>
        )}
        <Action href={`${site.siteUrl}/licenses`}>Open the Licenses page</Action>
      </>
    );
  },
});
