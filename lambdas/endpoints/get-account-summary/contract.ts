import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';

/** A license the caller can use on their own computer. */
interface UsableLicense {
  key: string;
  /** 'NONE' while the license renews monthly, otherwise the ISO 8601 time it ends. */
  expirationDate: string;
  /** 'own': the caller pays for it and gave it to nobody; 'given': another account gave it to the caller. */
  source: 'own' | 'given';
  /** The address of the account that pays for it (the caller's own for 'own'; null if none is on record). */
  paidBy: string | null;
  /** Whether it works now: false while the payer's payment is overdue (validate-license refuses it). */
  paidFor: boolean;
}

/** What the desktop application shows once someone signs in. */
export interface AccountSummary {
  /** The caller's verified email address, from the ID token. */
  email: string;
  /** The subscription the caller pays for, as last recorded; null when they have none. */
  subscription: {
    status: string;
    /** The caller's licenses in force, given to other people or not. */
    licenses: number;
    /** How many of them renew at the end of the period (0 once the subscription is set to end). */
    renewing: number;
  } | null;
  /** The licenses the caller can use now: their own not given to anyone, then those given to them. */
  licenses: UsableLicense[];
  /** The caller's licenses that other people use, with the address each was given to. */
  givenAway: { key: string; expirationDate: string; assignee: string }[];
}

/**
 * GET /api/get-account-summary: the signed-in person's account at a glance, for the desktop
 * application's sign-in. Takes no parameters: whose account it is comes from the ID token alone.
 */
export const getAccountSummary = contract<AccountSummary>()({
  method: 'GET',
  path: '/api/get-account-summary',
  handler: 'get-account-summary',
  auth: 'jwt',
  query: z.strictObject({}),
});
