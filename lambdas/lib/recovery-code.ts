import { currentEmail } from './cognito';
import { RecoveryCodeError } from './errors';
import { getRecoveryCode, type RecoveryCode } from './repository/recovery-codes';
import { getSessionState } from './repository/sessions';

// Whether an email-recovery code (mailed by update-email, recovery-mail.ts) may still undo its change.

/**
 * The code, if it may still undo its change: not expired or spent, the account's email still the
 * one it was changed to (a later change, or a recovery, has replaced it otherwise), and no password
 * change reported since it was issued. A recovery already accepted with it is completed regardless
 * (it changes the email itself, and a retry must be able to finish it).
 */
export async function requireUsableCode(code: string): Promise<RecoveryCode> {
  const rc = await getRecoveryCode(code);
  if (!rc) throw new RecoveryCodeError('invalid');
  if (rc.usedAt) throw new RecoveryCodeError('used');
  if (rc.acceptedAt) return rc;
  const [email, session] = await Promise.all([currentEmail(rc.username), getSessionState(rc.uid)]);
  if (email?.toLowerCase() !== rc.email.toLowerCase()) throw new RecoveryCodeError('invalid');
  // passwordChangedBefore is a whole second after the change: a change in the code's own second counts.
  if (rc.issuedAt !== undefined && (session.passwordChangedBefore ?? 0) > rc.issuedAt)
    throw new RecoveryCodeError('invalid');
  return rc;
}
