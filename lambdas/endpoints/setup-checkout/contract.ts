import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface SetupCheckoutResult {
  /** The client secret of the first payment, which the checkout page confirms. */
  sec: string;
  subscriptionId: string;
  customerId: string;
  count: number;
  status: string;
  /** The first invoice's amount in cents, when Stripe has it. */
  amountDue?: number;
  currency?: string;
}

/** POST /api/setup-checkout: a subscription awaiting its first card payment. */
export const setupCheckout = contract<SetupCheckoutResult>()({
  method: 'POST',
  path: '/api/setup-checkout',
  handler: 'setup-checkout',
  auth: 'jwt',
  body: z.strictObject({ uid: fields.uid, email: fields.email, count: fields.count }),
});
