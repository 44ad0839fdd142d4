import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { LicenseView } from '../../contracts/license-view';

/** The license data the licenses page shows: the customer, the current subscription and every license in force. */
export interface LicenseData {
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  licenses: LicenseView[];
  /**
   * The current subscription's licenses that are no longer in force, the latest end first, each with the
   * time it ended: what the page shows after a subscription ended.
   */
  ended: LicenseView[];
}

/** GET /api/get-licenses?uid: from our records alone. `ended` also lists what ended, for a subscription that ended. */
export const getLicenses = contract<LicenseData>()({
  method: 'GET',
  path: '/api/get-licenses',
  handler: 'get-licenses',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});
