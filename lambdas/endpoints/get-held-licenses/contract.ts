import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** A license someone else pays for, assigned to the caller's verified email address. */
export interface HeldLicense {
  key: string;
  /** 'NONE' while the license renews monthly, otherwise the ISO 8601 time it ends. */
  expirationDate: string;
  /** The email address of the account that pays for it (null if that account has none on record). */
  paidBy: string | null;
  /** The paying subscription's status as last recorded ('active', 'past_due', …), null if unknown. */
  subscriptionStatus: string | null;
  /** Whether it works now: false while the payer's payment is overdue (validate-license refuses it). */
  paidFor: boolean;
}

export interface HeldLicenses {
  /** Licenses in force that are assigned to the caller, oldest assignment first. */
  licenses: HeldLicense[];
}

/** GET /api/get-held-licenses?uid: licenses other accounts assigned to the caller (read-only to them). */
export const getHeldLicenses = contract<HeldLicenses>()({
  method: 'GET',
  path: '/api/get-held-licenses',
  handler: 'get-held-licenses',
  auth: 'jwt',
  query: z.strictObject({ uid: fields.uid }),
});
