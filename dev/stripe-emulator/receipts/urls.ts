import type { JsonObject } from '../json';
import type { Invoice } from '../objects';

// Where an invoice's receipt lives: Stripe answers its hosted invoice page and PDF as absolute URLs,
// so the emulator answers its own, served by receipts/serve.ts.

export const RECEIPT_PATH = /^\/invoices\/(in_[A-Za-z0-9]+)(\/pdf)?$/;

export function receiptUrls(
  origin: string,
  invoiceId: string,
): { hosted_invoice_url: string; invoice_pdf: string } {
  return {
    hosted_invoice_url: `${origin}/invoices/${invoiceId}`,
    invoice_pdf: `${origin}/invoices/${invoiceId}/pdf`,
  };
}

/** Points stored invoices' links at `origin`: a restarted emulator may listen on another port. */
export function moveReceiptUrls(invoices: Record<string, Invoice>, origin: string): void {
  for (const invoice of Object.values(invoices) as (Invoice & JsonObject)[]) {
    if (invoice.hosted_invoice_url === null || invoice.hosted_invoice_url === undefined) continue;
    Object.assign(invoice, receiptUrls(origin, invoice.id));
  }
}
