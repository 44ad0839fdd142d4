import React from 'react';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';
import { ReceiptTable } from './ReceiptTable';
import { useInvoices } from './use-invoices';

/**
 * The licenses page's billing history: every invoice of the subscription with its receipt, and an open
 * one with a way to pay it (`payPath`: where this site pays it, see InvoiceLinks).
 */
export function Receipts({ reloadWhen, payPath }: { reloadWhen?: unknown; payPath?: string }) {
  const { invoices, error } = useInvoices(reloadWhen);
  return (
    <section className="account-section" aria-labelledby="billing-history">
      <h2 id="billing-history">Billing History</h2>
      <FormMessage kind="error">{error}</FormMessage>
      {invoices === null ? (
        !error && <Spinner label="Loading your receipts…" />
      ) : invoices.length === 0 ? (
        <p>No receipts yet.</p>
      ) : (
        <ReceiptTable invoices={invoices} payPath={payPath} />
      )}
    </section>
  );
}
