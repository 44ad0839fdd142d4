import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** What deleting the account removed. */
export interface DeletedRecords {
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionCanceled: boolean;
  customerDeleted: boolean;
  account: boolean;
  licenses: number;
  otherRecords: number;
}

/** POST /api/delete-customer: after the password is checked, ends everything the user has at the BFF. */
export const deleteCustomer = contract<{ deleted: DeletedRecords }>()({
  method: 'POST',
  path: '/api/delete-customer',
  handler: 'delete-customer',
  auth: 'jwt',
  body: z.strictObject({ uid: fields.uid, currentPassword: fields.password }),
});
