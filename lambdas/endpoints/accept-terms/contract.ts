import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface AcceptTermsResult {
  subscriptionId: string;
  /** The version of the terms accepted (src/lib/terms-version.ts). */
  version: string;
  /** When it was first accepted for this subscription (ISO 8601). */
  acceptedAt: string;
}

/**
 * PUT /api/accept-terms {subscriptionId, version}: the buyer accepts this version of the Terms of
 * Service for the checkout of this subscription (the checkout page sends it as Pay is selected, before
 * the payment). Only the current version is taken: 409 TERMS_CHANGED for another.
 */
export const acceptTerms = contract<AcceptTermsResult>()({
  method: 'PUT',
  path: '/api/accept-terms',
  handler: 'accept-terms',
  auth: 'jwt',
  body: z.strictObject({
    subscriptionId: fields.subscriptionId,
    version: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  }),
});
