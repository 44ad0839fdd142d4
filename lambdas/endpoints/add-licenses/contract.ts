import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface AddLicensesResult {
  subscriptionId: string;
  /** Stripe's quantity after the change. */
  quantity: number;
  /** Keys this call created (0 when another request had already created them). */
  added: number;
  licenses: LicenseView[];
}

/**
 * PUT /api/add-licenses: raises the quantity of an active subscription, charged pro rata now. With a
 * quote's `prorationDate` (quote-licenses) the charge is the quoted amount, or 409 QUOTE_EXPIRED when
 * the quote is older than its expiresAt; without one, prorated as of Stripe's now.
 */
export const addLicenses = contract<AddLicensesResult>()({
  method: 'PUT',
  path: '/api/add-licenses',
  handler: 'add-licenses',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
    count: fields.count,
    prorationDate: z.optional(fields.epochSeconds),
  }),
});
