import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface RemoveLicensesResult {
  subscriptionId: string;
  renewLicenseCount: number;
  cancelAtPeriodEnd: boolean;
  licenses: LicenseView[];
}

/** PUT /api/remove-licenses: the chosen renewing licenses stop at the end of the current period. */
export const removeLicenses = contract<RemoveLicensesResult>()({
  method: 'PUT',
  path: '/api/remove-licenses',
  handler: 'remove-licenses',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
    licenseKeys: z.array(fields.licenseKey).check(z.minLength(1), z.maxLength(100)),
  }),
});
