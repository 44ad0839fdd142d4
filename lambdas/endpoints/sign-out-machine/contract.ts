import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

export interface SignedOutMachine {
  licenseKey: string;
  machineId: string;
  /** ISO 8601: the machine's offline statement still works until then, unless it checks in before. */
  worksOfflineUntil: string;
}

/**
 * PUT /api/sign-out-machine {licenseKey, machineId}: frees the machine's place at once; the machine is
 * refused at its next check. A user action (Idempotency-Key, the account's lease).
 */
export const signOutMachine = contract<SignedOutMachine>()({
  method: 'PUT',
  path: '/api/sign-out-machine',
  handler: 'sign-out-machine',
  auth: 'jwt',
  body: z.strictObject({ licenseKey: fields.licenseKey, machineId: fields.machineId }),
});
