import { getInvoicesCsv as endpoint } from './contract';
import type { Invoice } from '../get-invoices/contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { billingHistory } from '../../lib/billing-history';
import { toCsv } from '../../lib/csv';
import { apiHandler, okFile } from '../../lib/http';
import { parseQuery } from '../../lib/request';

// GET /api/get-invoices-csv?uid: the billing history get-invoices lists (lib/billing-history.ts), as
// CSV for a bookkeeper: one row per invoice, newest first, amounts in the currency's major unit with
// its own number of decimals (Stripe counts in the minor unit), dates as the UTC day.

const HEADER = [
  'Date',
  'Number',
  'Status',
  'Currency',
  'Amount due',
  'Amount paid',
  'Amount refunded',
  'Receipt link',
] as const;

/** Minor units as a decimal in the currency's major unit: two decimals for cents, none for yen. */
function major(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (amount / 10 ** digits).toFixed(digits);
}

const row = (i: Invoice): string[] => [
  new Date(i.created * 1000).toISOString().slice(0, 10),
  i.number ?? '',
  i.status,
  i.currency.toUpperCase(),
  major(i.amountDue, i.currency),
  major(i.amountPaid, i.currency),
  major(i.amountRefunded, i.currency),
  i.hostedInvoiceUrl ?? '',
];

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  assertSelf(caller, parseQuery(event, endpoint.query).uid);
  const { invoices } = await billingHistory(caller);
  return okFile(endpoint, toCsv(HEADER, invoices.map(row)), new Date());
});
