import type { InvoiceList } from '../endpoints/get-invoices/contract';
import type { Caller } from './auth';
import { ownSubscriptionId } from './ownership';
import { listFinalizedInvoices } from './stripe';

// The billing history of the caller's current subscription, as get-invoices answers it and
// get-invoices-csv writes it: read live from Stripe, newest first, with the links to each receipt
// (Stripe's hosted invoice page and PDF) and what was refunded of each. No subscription yet: an empty
// list. Nor for a subscription none of whose invoices was ever paid: it never started (a checkout
// awaiting its first payment, cancelled before it, or expired unpaid), so its first invoice is neither
// a receipt nor a debt, and the licenses page says what was started instead. A renewal that failed
// after a paid month stays listed: that one is owed. Support's lookup (scripts/support) still sees
// every invoice.

export async function billingHistory(caller: Caller, subscriptionId?: string): Promise<InvoiceList> {
  const own = await ownSubscriptionId(caller, subscriptionId);
  if (!own) return { subscriptionId: null, invoices: [] };
  const all = await listFinalizedInvoices(own);
  const invoices = all.some((i) => i.status === 'paid') ? all : [];
  return {
    subscriptionId: own,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      created: i.created,
      status: i.status,
      currency: i.currency,
      total: i.total,
      amountDue: i.amount_due,
      amountPaid: i.amount_paid,
      amountRemaining: i.amount_remaining,
      amountRefunded: i.amountRefunded,
      hostedInvoiceUrl: i.hosted_invoice_url ?? null,
      invoicePdf: i.invoice_pdf ?? null,
    })),
  };
}
