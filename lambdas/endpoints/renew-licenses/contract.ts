import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

export interface RenewLicensesResult {
  subscriptionId: string;
  renewLicenseCount: number;
  cancelAtPeriodEnd: boolean;
  licenses: LicenseView[];
}

/**
 * PUT /api/renew-licenses: the inverse of remove-licenses. The chosen licenses, removed but still in
 * the period already paid for, renew monthly again; nothing is charged until the next renewal.
 */
export const renewLicenses = contract<RenewLicensesResult>()({
  method: 'PUT',
  path: '/api/renew-licenses',
  handler: 'renew-licenses',
  auth: 'jwt',
  body: z.strictObject({
    customerId: fields.customerId,
    subscriptionId: fields.subscriptionId,
    licenseKeys: z.array(fields.licenseKey).check(z.minLength(1), z.maxLength(100)),
  }),
});
