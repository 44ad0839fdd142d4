import React from 'react';
import type { Invoice } from '../../api-client/types';
import { formatPaddedDate } from '../../lib/dates';
import { formatCents } from '../shared/money';
import { InvoiceLinks } from './InvoiceLinks';

const STATUS_LABELS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Open invoice, not paid',
  uncollectible: 'Not paid',
  void: 'Canceled',
};

/** "Paid", or "Refunded" with the amount once any of the payment went back (the amount says whether all of it). */
const statusOf = (invoice: Invoice): string =>
  invoice.status === 'paid' && invoice.amountRefunded > 0
    ? `Refunded ${formatCents(invoice.amountRefunded, invoice.currency)}`
    : STATUS_LABELS[invoice.status];

/** What the invoice charged, or asks for while unpaid. */
const amountOf = (invoice: Invoice): number =>
  invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue;

export function ReceiptTable({ invoices, payPath }: { invoices: Invoice[]; payPath?: string }) {
  return (
    <table className="receipt-table stack-table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">Receipt or invoice</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id}>
            <td data-label="Date">{formatPaddedDate(invoice.created, 'seconds')}</td>
            <td data-label="Amount">{formatCents(amountOf(invoice), invoice.currency)}</td>
            <td data-label="Status">{statusOf(invoice)}</td>
            <td data-label="Receipt">
              <InvoiceLinks invoice={invoice} payPath={payPath} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
