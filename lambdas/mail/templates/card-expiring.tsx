import React from 'react';
import { cardName, day, licenses, money } from '../format';
import { Action, P } from '../layout';
import { mailTemplate } from '../template';

/** The card expires before the next renewal, which it then could not pay. */
export const cardExpiring = mailTemplate<{
  subscriptionId: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  /** Epoch seconds. */
  renewsAt: number;
  licenses: number;
  /** Cents the renewal will charge. */
  amount: number;
  currency: string;
}>({
  subject: () => 'Your card expires before your next Stockbench renewal',
  body: (d, site) => (
    <>
      <P>
        Your {cardName(d.card)} expires at the end of {String(d.card.expMonth).padStart(2, '0')}/
        {d.card.expYear}. Your subscription renews on {day(d.renewsAt)}: {licenses(d.licenses)},{' '}
        {money(d.amount, d.currency)}.
      </P>
      <P>Add your new card before then, so the renewal goes through and your licenses keep working.</P>
      <Action href={`${site.siteUrl}/update-card?sid=${encodeURIComponent(d.subscriptionId)}`}>
        Update your card
      </Action>
    </>
  ),
});
