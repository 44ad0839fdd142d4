import React from 'react';
import type { CardSummary } from '../../lib/stripe/invoices';
import type { InvoiceFacts } from '../../notices/invoice-facts';
import { cardName, day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

// A renewal whose payment failed: what happens (the licenses stop until a payment succeeds), when
// (they were paid until the renewal; the card is tried again on Stripe's next attempt) and the way back
// (a new card, which pays at once).

export type RenewalFailedData = InvoiceFacts & {
  subscriptionId: string;
  card: CardSummary | undefined;
  /** When Stripe tries the card again (epoch seconds), or null when it will not. */
  nextAttempt: number | null;
};

export const renewalFailed = mailTemplate<RenewalFailedData>({
  subject: () => 'Your Stockbench renewal payment failed',
  title: () => 'We could not renew your licenses',
  body: (d, site) => {
    const card = d.card ? `your ${cardName(d.card)}` : 'your card';
    return (
      <>
        <P>
          We could not charge {money(d.amount, d.currency)} to {card} for the renewal of{' '}
          {licenses(d.licenses)}, {day(d.periodStart)} to {day(d.periodEnd)}.
        </P>
        <Facts>
          <Fact label="Paid until">{day(d.periodStart)}</Fact>
          <Fact label="Licenses">
            stopped on {day(d.periodStart)} until a payment succeeds: the Stockbench application refuses them
            at its next online check
          </Fact>
          <Fact label="Next try">
            {d.nextAttempt
              ? `we charge ${card} again on ${day(d.nextAttempt)}`
              : 'none: we will not try this card again by ourselves'}
          </Fact>
        </Facts>
        <P>
          To pay now and turn your licenses back on at once, update your card. The new card pays the open
          amount right away.
        </P>
        <Action href={`${site.siteUrl}/update-card?sid=${encodeURIComponent(d.subscriptionId)}`}>
          Update your card
        </Action>
        {d.invoiceUrl && <P>The unpaid invoice: {d.invoiceUrl}</P>}
      </>
    );
  },
});
