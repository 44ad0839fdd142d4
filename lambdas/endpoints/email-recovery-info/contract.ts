import * as z from 'zod/mini';
import { contract } from '../../contracts/contract';
import { fields } from '../../contracts/fields';

/** The two addresses an email-recovery link is about, for the page to show before the user confirms. */
export interface EmailRecoveryInfo {
  email: string;
  previousEmail: string;
}

/** POST /api/email-recovery-info (public; the one-time code is the secret). */
export const emailRecoveryInfo = contract<EmailRecoveryInfo>()({
  method: 'POST',
  path: '/api/email-recovery-info',
  handler: 'email-recovery-info',
  auth: 'none',
  body: z.strictObject({ code: fields.recoveryCode }),
});
