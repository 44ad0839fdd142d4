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
  /** Who the invoice is to, one line each: name, address, email, tax IDs (as the invoice copied them). */
  billedTo: string[];
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

/** The invoice's own copy of its customer's details (made when it was finalized). */
function billedTo(invoice: Invoice, fallbackEmail: string | null): string[] {
  const a = invoice.customer_address;
  const place = a && [a.postal_code, a.city].filter(Boolean).join(' ');
  return [
    invoice.customer_name,
    a?.line1,
    a?.line2,
    place,
    a && [a.state, a.country].filter(Boolean).join(', '),
    invoice.customer_email ?? fallbackEmail,
    ...(invoice.customer_tax_ids ?? []).map((t) => `Tax ID (${t.type}): ${t.value}`),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
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
    billedTo: billedTo(invoice, customer?.email ?? null),
    lines: invoice.lines.data.map((l) => ({
      description: l.description ?? 'Subscription',
      amount: money(l.amount),
    })),
    total: money(invoice.total),
    amountPaid: money(invoice.amount_paid),
    amountDue: money(invoice.amount_remaining),
  };
}
