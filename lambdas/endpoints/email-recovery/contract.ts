import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** POST /api/email-recovery (public; the one-time code is the secret): restores the previous address. */
export const emailRecovery = contract<{ email: string }>()({
  method: 'POST',
  path: '/api/email-recovery',
  handler: 'email-recovery',
  auth: 'none',
  body: z.strictObject({ code: fields.recoveryCode }),
});
