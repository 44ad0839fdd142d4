import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** What adding licenses would charge today. */
export interface LicenseQuote {
  count: number;
  quantity: number;
  /** Charged today, in cents. */
  amountDue: number;
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
