import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface Invoice {
  id: string;
  number: string | null;
  /** Epoch seconds. */
  created: number;
  status: 'open' | 'paid' | 'uncollectible' | 'void';
  currency: string;
  total: number;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  /** What was refunded of the payment (cents): 0, part of amountPaid, or all of it. */
  amountRefunded: number;
  /** Stripe's hosted receipt page. */
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

export interface InvoiceList {
  subscriptionId: string | null;
  /** Newest first. */
  invoices: Invoice[];
}

/** GET /api/get-invoices: the billing history of the caller's current subscription, with receipt links. */
export const getInvoices = contract<InvoiceList>()({
  method: 'GET',
  path: '/api/get-invoices',
  handler: 'get-invoices',
  auth: 'jwt',
  query: z.strictObject({ subscriptionId: z.optional(fields.subscriptionId) }),
});
