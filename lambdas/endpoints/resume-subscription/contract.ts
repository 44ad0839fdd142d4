import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface ResumeSubscriptionResult {
  subscriptionId: string;
  renewLicenseCount: number;
  cancelAtPeriodEnd: boolean;
  licenses: LicenseView[];
}

/** PUT /api/resume-subscription: a subscription set to end at period end renews again, with its keys. */
export const resumeSubscription = contract<ResumeSubscriptionResult>()({
  method: 'PUT',
  path: '/api/resume-subscription',
  handler: 'resume-subscription',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
  }),
});
