import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import type { MachineView } from '../../contracts/machine';

export interface LicenseMachines {
  key: string;
  /** 'payer': the caller pays for it (sees every machine); 'holder': it is assigned to the caller. */
  role: 'payer' | 'holder';
  /** The machines that use it now, most recently seen first. */
  machines: MachineView[];
}

export interface Machines {
  licenses: LicenseMachines[];
  /** Machines one license may be used on at once; null: no limit (the default). */
  machineLimit: number | null;
}

/**
 * GET /api/get-machines?uid: for each license the caller pays for or holds, its machines. An assignee
 * sees only their own machines; the buyer sees those of every license they pay for.
 */
export const getMachines = contract<Machines>()({
  method: 'GET',
  path: '/api/get-machines',
  handler: 'get-machines',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});
