import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface RequestRefundResult {
  subscriptionId: string;
  /** What the guarantee refunded: what was left of every payment (in the smallest unit of `currency`). */
  amount: number;
  currency: string;
  /** ISO 8601. */
  refundedAt: string;
  /** The subscription's licenses, all ended at once. */
  licensesEnded: number;
}

/**
 * POST /api/request-refund: the satisfaction guarantee, self-service. Refunds every payment of the
 * subscription in full, ends it and its licenses at once, and mails a confirmation; refused (409, with
 * the rule's code) when the terms' rules do not allow it.
 */
export const requestRefund = contract<RequestRefundResult>()({
  method: 'POST',
  path: '/api/request-refund',
  handler: 'request-refund',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
  }),
});
