import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';

/**
 * POST /api/sign-out-everywhere ({} or { keepPendingSignIns: true }): ends every session of the caller.
 * `tokensValidAfter` is the revocation's time (ms): tokens issued after it are taken.
 */
export const signOutEverywhere = contract<{ signedOut: true; tokensValidAfter: string }>()({
  method: 'POST',
  path: '/api/sign-out-everywhere',
  handler: 'sign-out-everywhere',
  auth: 'jwt',
  body: z.strictObject({ keepPendingSignIns: z.optional(z.literal(true)) }),
});
