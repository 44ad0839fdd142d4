import * as z from 'zod/mini';
import { contract } from './contract';
import { fields } from './fields';
import type { LicenseView } from './license-view';

/** The spec's license data: the customer, the current subscription and every license in force. */
export interface LicenseData {
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  licenses: LicenseView[];
}

/** GET /api/get-licenses?uid: from our records alone. */
export const getLicenses = contract<LicenseData>()({
  method: 'GET',
  path: '/api/get-licenses',
  handler: 'get-licenses',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});
