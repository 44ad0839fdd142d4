import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';

/** The checkout page's check of its link: the caller's own pending first payment. */
export interface CheckoutInfo {
  subscriptionId: string;
  /** Licenses in the subscription (Stripe's quantity). */
  count: number;
  /** The first invoice's amount, in cents. */
  amountDue: number | null;
  currency: string | null;
  status: string;
}

/** POST /api/checkout-info {sec}: whether `sec` is the caller's own pending checkout, and its amount. */
export const checkoutInfo = contract<CheckoutInfo>()({
  method: 'POST',
  path: '/api/checkout-info',
  handler: 'checkout-info',
  auth: 'jwt',
  body: z.strictObject({
    /** A PaymentIntent client secret: `pi_<id>_secret_<random>`. */
    sec: z.string().check(z.maxLength(256), z.regex(/^pi_[A-Za-z0-9]{1,100}_secret_[A-Za-z0-9]{1,100}$/)),
  }),
});
