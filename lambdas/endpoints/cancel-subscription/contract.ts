import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface CancelSubscriptionResult {
  subscriptionId: string;
  /** When service ends (ISO 8601): the end of the period already paid for. */
  endsAt: string | null;
  renewLicenseCount: number;
  cancelAtPeriodEnd: boolean;
  licenses: LicenseView[];
}

/**
 * PUT /api/cancel-subscription: every renewing license stops renewing at the end of the current period,
 * in one step; nothing is refunded and the licenses stay in force until then.
 */
export const cancelSubscription = contract<CancelSubscriptionResult>()({
  method: 'PUT',
  path: '/api/cancel-subscription',
  handler: 'cancel-subscription',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
  }),
});
