import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface CompleteCheckoutResult {
  subscriptionId: string;
  subscriptionStatus: string;
  licenses: LicenseView[];
}

/** GET /api/complete-checkout?uid&pmid, after the card payment succeeded in the browser. */
export const completeCheckout = contract<CompleteCheckoutResult>()({
  method: 'GET',
  path: '/api/complete-checkout',
  handler: 'complete-checkout',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid, pmid: fields.paymentMethodId }),
});
