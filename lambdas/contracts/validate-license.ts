import * as z from 'zod/mini';
import { contract } from './contract';
import { fields } from './fields';

/** Tool numbers a statement opens, or every tool. */
export type Tools = number[] | 'all';

export type LicenseValidation =
  | {
      valid: true;
      code: 'VALID';
      /** When the license ends (or the current period does, for a renewing one); null if unknown. */
      expiresAt: string | null;
      renews: boolean;
      tools: 'all';
      /** The signed statement the application checks offline with the published public key. */
      token: string;
      tokenExpiresAt: string;
    }
  | {
      valid: false;
      code: 'EXPIRED' | 'NOT_FOUND' | 'SUBSCRIPTION_INACTIVE';
      expiresAt: string | null;
      renews: false;
      tools: Tools;
      token: null;
    };

/** POST /api/validate-license {key}, called by the desktop application with the owner's token. */
export const validateLicense = contract<LicenseValidation>()({
  method: 'POST',
  path: '/api/validate-license',
  handler: 'validate-license',
  auth: 'jwt',
  body: z.strictObject({ key: fields.licenseKey }),
});
