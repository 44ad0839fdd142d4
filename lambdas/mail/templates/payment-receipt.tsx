import React from 'react';
import type { InvoiceFacts } from '../../notices/invoice-facts';
import type { CardSummary } from '../../lib/stripe/invoices';
import { cardName, day, licenses, money } from '../format';
import { Action, Fact, Facts, P } from '../layout';
import { mailTemplate } from '../template';

// A receipt for every payment: the first purchase, licenses added during a period (charged pro rata),
// each renewal.

export type ReceiptData = InvoiceFacts & { paidAt: number; card: CardSummary | undefined };

function forWhat(d: ReceiptData): string {
  const period = `${day(d.periodStart)} to ${day(d.periodEnd)}`;
  switch (d.kind) {
    case 'first':
      return `Your subscription's first month: ${licenses(d.licenses)}, ${period}.`;
    case 'added':
      return `${licenses(d.licenses)} added, charged for the rest of the current period: ${period}.`;
    case 'renewal':
      return `Renewal of ${licenses(d.licenses)} for ${period}.`;
    default:
      return `Your Stockbench subscription, ${period}.`;
  }
}

export const paymentReceipt = mailTemplate<ReceiptData>({
  subject: (d) => `Your Stockbench receipt: ${money(d.amount, d.currency)}`,
  title: (d) => `Thank you: ${money(d.amount, d.currency)} paid`,
  body: (d, site) => (
    <>
      <P>{forWhat(d)}</P>
      <Facts>
        <Fact label="Amount paid">{money(d.amount, d.currency)}</Fact>
        <Fact label="Paid on">{day(d.paidAt)}</Fact>
        <Fact label="Service period">
          {day(d.periodStart)} to {day(d.periodEnd)}
        </Fact>
        {d.card && <Fact label="Card">{cardName(d.card)}</Fact>}
        {d.invoiceNumber && <Fact label="Invoice number">{d.invoiceNumber}</Fact>}
      </Facts>
      {d.invoiceUrl && <Action href={d.invoiceUrl}>View the invoice</Action>}
      <P>Your licenses and your billing history are on the Licenses page: {site.siteUrl}/licenses</P>
    </>
  ),
});
