import React from 'react';
import type { Invoice } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import { formatCents } from '../shared/money';

const STATUS_LABELS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Due',
  uncollectible: 'Unpaid',
  void: 'Canceled',
};

/** What the invoice charged, or asks for while unpaid. */
const amountOf = (invoice: Invoice): number =>
  invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;

export function ReceiptTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <table className="receipt-table stack-table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Receipt</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => {
          // Links in every row share their visible text; the number tells them apart for screen readers.
          const which = <span className="visually-hidden"> {invoice.number ?? invoice.id}</span>;
          return (
            <tr key={invoice.id}>
              <td data-label="Date">{formatPaddedDate(invoice.created, 'seconds')}</td>
              <td data-label="Amount">{formatCents(amountOf(invoice), invoice.currency)}</td>
              <td data-label="Status">{STATUS_LABELS[invoice.status]}</td>
              <td data-label="Receipt">
                {invoice.hostedInvoiceUrl && (
                  <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                    View receipt{which}
                  </a>
                )}
                {invoice.hostedInvoiceUrl && invoice.invoicePdf && ' · '}
                {invoice.invoicePdf && (
                  <a href={invoice.invoicePdf} target="_blank" rel="noopener noreferrer">
                    PDF{which}
                  </a>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
