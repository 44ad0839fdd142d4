import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface CancelCheckoutResult {
  subscriptionId: string;
  /** The subscription's status in Stripe afterwards: canceled, or incomplete_expired if Stripe ended it first. */
  status: string;
}

/** PUT /api/cancel-checkout: a subscription still awaiting its first payment is ended in Stripe. */
export const cancelCheckout = contract<CancelCheckoutResult>()({
  method: 'PUT',
  path: '/api/cancel-checkout',
  handler: 'cancel-checkout',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
  }),
});
