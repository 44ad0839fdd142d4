import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** What adding licenses would charge now, on Stripe's clock. */
export interface LicenseQuote {
  count: number;
  quantity: number;
  /** Charged now, in cents: what add-licenses charges when sent this quote's prorationDate. */
  amountDue: number;
  /** The time (Unix seconds, Stripe's clock) the charge is prorated at; add-licenses takes it back. */
  prorationDate: number;
  /** When (Unix seconds, Stripe's clock) add-licenses stops charging this quote (409 QUOTE_EXPIRED). */
  expiresAt: number;
  currency: string;
  unitAmount: number | null;
  periodEnd: number | null;
}

/** GET /api/quote-licenses?count[&subscriptionId]: Stripe's preview of the prorated change. */
export const quoteLicenses = contract<LicenseQuote>()({
  method: 'GET',
  path: '/api/quote-licenses',
  handler: 'quote-licenses',
  auth: 'jwt',
  query: z.strictObject({
    count: fields.countQuery,
    subscriptionId: z.optional(fields.subscriptionId),
  }),
});
