import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface AssignLicenseResult {
  license: LicenseView;
}

/**
 * PUT /api/assign-license: the buyer gives one of the current subscription's licenses to a person by
 * email address (or gives it to another person). The assignee is emailed the key and how to start; a
 * previous assignee is told the license is no longer theirs. Sent again with a new Idempotency-Key, the
 * same assignment emails the assignee again.
 */
export const assignLicense = contract<AssignLicenseResult>()({
  method: 'PUT',
  path: '/api/assign-license',
  handler: 'assign-license',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
    licenseKey: fields.licenseKey,
    email: fields.email,
  }),
});
