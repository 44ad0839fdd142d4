import React from 'react';
import { FormMessage } from '../shared/FormMessage';
import { Spinner } from '../shared/Spinner';
import { DownloadCsv } from './DownloadCsv';
import { ReceiptTable } from './ReceiptTable';
import { useInvoices } from './use-invoices';

interface ReceiptsProps {
  /** The signed-in user's uid (the CSV download names it). */
  uid: string;
  reloadWhen?: unknown;
  payPath?: string;
}

/**
 * The licenses page's billing history: every invoice of the subscription with its receipt, and an open
 * one with a way to pay it (`payPath`: where this site pays it, see InvoiceLinks); once there is one,
 * the whole history as a CSV file for a bookkeeper.
 */
export function Receipts({ uid, reloadWhen, payPath }: ReceiptsProps) {
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
        <>
          <ReceiptTable invoices={invoices} payPath={payPath} />
          <DownloadCsv uid={uid} />
        </>
      )}
    </section>
  );
}
