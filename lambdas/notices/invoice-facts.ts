import type Stripe from 'stripe';

// What a mail about an invoice says, read from Stripe's invoice: what the payment was for (the first
// payment, licenses added during a period, a renewal), how many licenses, which service period, and
// how much. Plain functions of the invoice, so their reading of Stripe's lines is unit-tested.

type PaymentKind = 'first' | 'added' | 'renewal' | 'other';

export interface InvoiceFacts {
  invoiceId: string;
  kind: PaymentKind;
  /** Licenses the payment is for: all of them (first, renewal) or those added. */
  licenses: number;
  /** The service period the lines cover, epoch seconds. */
  periodStart: number;
  periodEnd: number;
  /** Cents: paid (a receipt) or due (a failed payment). */
  amount: number;
  currency: string;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
}

const KIND: Partial<Record<string, PaymentKind>> = {
  subscription_create: 'first',
  subscription_update: 'added',
  subscription_cycle: 'renewal',
};

const isProration = (line: Stripe.InvoiceLineItem): boolean =>
  line.parent?.subscription_item_details?.proration === true;

export function invoiceFacts(invoice: Stripe.Invoice, amount: number): InvoiceFacts {
  const kind = KIND[invoice.billing_reason ?? ''] ?? 'other';
  const lines = invoice.lines.data;
  // A period's charge for its licenses; an addition shows as a credit for the old quantity and a
  // charge for the new one, whose difference is the licenses added.
  const licenses =
    kind === 'added'
      ? lines.filter(isProration).reduce((n, l) => n + Math.sign(l.amount) * (l.quantity ?? 0), 0)
      : lines.filter((l) => !isProration(l)).reduce((n, l) => n + (l.quantity ?? 0), 0);
  const starts = lines.map((l) => l.period.start);
  const ends = lines.map((l) => l.period.end);
  return {
    invoiceId: invoice.id ?? '',
    kind,
    licenses: Math.max(0, licenses),
    periodStart: starts.length ? Math.min(...starts) : invoice.period_start,
    periodEnd: ends.length ? Math.max(...ends) : invoice.period_end,
    amount,
    currency: invoice.currency,
    invoiceNumber: invoice.number ?? null,
    invoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}
