import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';
import { machineSchema, type MachineView } from '../../contracts/machine';

/** Tool numbers a statement opens, or every tool. */
export type Tools = number[] | 'all';

interface Refused<Code extends string> {
  valid: false;
  code: Code;
  expiresAt: string | null;
  renews: false;
  tools: Tools;
  token: null;
}

export type LicenseValidation =
  | {
      valid: true;
      code: 'VALID';
      /** When the license ends (or the current period does, for a renewing one); null if unknown. */
      expiresAt: string | null;
      renews: boolean;
      tools: 'all';
      /** The signed statement (names this machine) the application checks offline with the published keys. */
      token: string;
      tokenExpiresAt: string;
    }
  | Refused<'EXPIRED' | 'NOT_FOUND' | 'SUBSCRIPTION_INACTIVE' | 'MACHINE_SIGNED_OUT'>
  | (Refused<'MACHINE_LIMIT'> & {
      /** The machines that use the license now (name and last check), so the user knows which to sign out. */
      machines: Pick<MachineView, 'name' | 'platform' | 'lastSeen'>[];
    });

/**
 * POST /api/validate-license {key, machine}, called by the desktop application with the holder's token
 * at start and at least daily: each check renews this machine's statement.
 */
export const validateLicense = contract<LicenseValidation>()({
  method: 'POST',
  path: '/api/validate-license',
  handler: 'validate-license',
  auth: 'jwt',
  body: z.strictObject({ key: fields.licenseKey, machine: machineSchema }),
});
