import React from 'react';
import { Link } from 'gatsby';
import type { Invoice } from '../../api-client/types';

/** An invoice that still asks for money: open, or one Stripe stopped collecting (it can still be paid). */
const isUnpaid = (invoice: Invoice): boolean =>
  invoice.status === 'open' || invoice.status === 'uncollectible';

interface InvoiceLinksProps {
  invoice: Invoice;
  /**
   * Where this site pays the subscription's open invoice (Update Card for a renewal that failed);
   * without it, Stripe's hosted invoice page, which takes the payment.
   */
  payPath?: string;
}

/**
 * A billing-history row's links: a paid invoice is a receipt (its page and PDF); an unpaid one is an
 * open invoice with a way to pay it; a void one is only an invoice to read.
 */
export function InvoiceLinks({ invoice, payPath }: InvoiceLinksProps) {
  // Links in every row share their visible text; the number tells them apart for screen readers.
  const which = <span className="visually-hidden"> {invoice.number ?? invoice.id}</span>;
  const hosted = invoice.hostedInvoiceUrl;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const links: React.ReactNode[] = [];
  if (isUnpaid(invoice)) {
    if (payPath) {
      links.push(
        <Link key="pay" to={payPath}>
          Pay now{which}
        </Link>,
      );
    } else if (hosted) {
      links.push(
        <a key="pay" href={hosted} {...external}>
          Pay now{which}
        </a>,
      );
    }
  }
  if (hosted) {
    links.push(
      <a key="view" href={hosted} {...external}>
        {invoice.status === 'paid' ? 'View receipt' : 'View invoice'}
        {which}
      </a>,
    );
  }
  if (invoice.invoicePdf) {
    links.push(
      <a key="pdf" href={invoice.invoicePdf} {...external}>
        PDF{which}
      </a>,
    );
  }
  // One element: on a phone the cell is a label and value grid, where each child takes a cell of its own.
  return <span>{links.flatMap((link, i) => (i === 0 ? [link] : [' · ', link]))}</span>;
}
