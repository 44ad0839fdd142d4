import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/**
 * POST /api/end-sessions {code} (public; the one-time code from a security mail is the secret): ends
 * every session of the account at once, as sign-out everywhere does.
 */
export const endSessions = contract<{ signedOut: true }>()({
  method: 'POST',
  path: '/api/end-sessions',
  handler: 'end-sessions',
  auth: 'none',
  body: z.strictObject({ code: fields.recoveryCode }),
});
