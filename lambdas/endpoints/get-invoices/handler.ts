import { getInvoices as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { ownSubscriptionId } from '../../lib/ownership';
import { parseQuery } from '../../lib/request';
import { listFinalizedInvoices } from '../../lib/stripe';

// GET /api/get-invoices[?subscriptionId]: the billing history of the caller's current subscription,
// read live from Stripe, newest first, with the links to each receipt (Stripe's hosted invoice page
// and PDF) and what was refunded of each. No subscription yet: an empty list. Nor for a subscription
// none of whose invoices was ever paid: it never started (a checkout awaiting its first payment,
// cancelled before it, or expired unpaid), so its first invoice is neither a receipt nor a debt, and
// the licenses page says what was started instead. A renewal that failed after a paid month stays
// listed: that one is owed. Support's lookup (scripts/support) still sees every invoice.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const query = parseQuery(event, endpoint.query);
  const subscriptionId = await ownSubscriptionId(caller, query.subscriptionId);
  if (!subscriptionId) return ok(endpoint, { subscriptionId: null, invoices: [] });
  const all = await listFinalizedInvoices(subscriptionId);
  const invoices = all.some((i) => i.status === 'paid') ? all : [];
  return ok(endpoint, {
    subscriptionId,
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
  });
});
