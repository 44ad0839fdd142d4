import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';

/** POST /api/sign-out-everywhere (no body, or {}): ends every session of the caller. */
export const signOutEverywhere = contract<{ signedOut: true; tokensValidAfter: string }>()({
  method: 'POST',
  path: '/api/sign-out-everywhere',
  handler: 'sign-out-everywhere',
  auth: 'jwt',
  body: z.strictObject({}),
});
