import type { Ctx } from '../context';
import type { Invoice } from '../objects';

// What a receipt shows, from a stored invoice: the same facts for the HTML page and the PDF.

export type Receipt = {
  businessName: string;
  number: string;
  invoiceId: string;
  date: string;
  status: string;
  /** "Paid November 23, 2026", or what is still due. */
  statusLine: string;
  billedTo: string | null;
  lines: { description: string; amount: string }[];
  total: string;
  amountPaid: string;
  amountDue: string;
};

const STATUS: Partial<Record<string, string>> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** Stripe's types allow statuses added later: those show as Stripe names them. */
const statusLabel = (invoice: Invoice): string => STATUS[invoice.status ?? 'draft'] ?? String(invoice.status);

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

function formatDate(epochSeconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(epochSeconds * 1000),
  );
}

export function receiptOf(ctx: Ctx, invoice: Invoice): Receipt {
  const currency = typeof invoice.currency === 'string' ? invoice.currency : 'usd';
  const money = (cents: number) => formatMoney(cents, currency);
  const created = typeof invoice.created === 'number' ? invoice.created : 0;
  const paidAt = invoice.status_transitions.paid_at;
  const customer = invoice.customer ? ctx.state.customers[invoice.customer] : undefined;
  const account = typeof invoice.account_name === 'string' ? invoice.account_name : ctx.businessName;
  return {
    businessName: account,
    number: typeof invoice.number === 'string' ? invoice.number : invoice.id,
    invoiceId: invoice.id,
    date: formatDate(created),
    status: statusLabel(invoice),
    statusLine:
      invoice.status === 'paid'
        ? `Paid ${formatDate(paidAt ?? created)}`
        : invoice.status === 'open'
          ? `${money(invoice.amount_remaining)} due`
          : statusLabel(invoice),
    billedTo: customer?.email ?? customer?.name ?? null,
    lines: invoice.lines.data.map((l) => ({
      description: l.description ?? 'Subscription',
      amount: money(l.amount),
    })),
    total: money(invoice.total),
    amountPaid: money(invoice.amount_paid),
    amountDue: money(invoice.amount_remaining),
  };
}
