import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface TakeBackLicenseResult {
  license: LicenseView;
}

/** PUT /api/take-back-license: an assigned license is the buyer's again; the assignee is told by email. */
export const takeBackLicense = contract<TakeBackLicenseResult>()({
  method: 'PUT',
  path: '/api/take-back-license',
  handler: 'take-back-license',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
    licenseKey: fields.licenseKey,
  }),
});
