import * as z from 'zod/mini';
import type { BillingDetails } from '../billing-details/contract';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** GET /api/get-billing-details?uid: the billing details last saved, from our records; null when none. */
export const getBillingDetails = contract<{ billingDetails: BillingDetails | null }>()({
  method: 'GET',
  path: '/api/get-billing-details',
  handler: 'get-billing-details',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});
