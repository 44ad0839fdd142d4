import { currentEmail } from './cognito';
import type { Config } from './config';
import { ApiError } from './http';
import type { Mail } from './mail';
import { getRecoveryCode, type RecoveryCode } from './repository/recovery-codes';
import { getSessionState } from './repository/sessions';

// The email-recovery flow's shared pieces: the message to the old address and the code check.

const escape = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function recoveryMail(
  to: string,
  newEmail: string,
  code: string,
  config: Pick<Config, 'siteUrl' | 'supportEmail'>,
): Mail {
  const link = `${config.siteUrl}/auth?mode=recoverEmail&oobCode=${encodeURIComponent(code)}`;
  return {
    to,
    subject: 'Your Stockbench email address was changed',
    text:
      `The email address of your Stockbench account was changed to ${newEmail}.\n\n` +
      `If you did not make this change, restore your address with this link:\n${link}\n\n` +
      `Questions: ${config.supportEmail}`,
    html:
      `<p>The email address of your Stockbench account was changed to <b>${escape(newEmail)}</b>.</p>` +
      `<p>If you did not make this change, <a href="${escape(link)}">restore your address</a>.</p>` +
      `<p>Questions: ${escape(config.supportEmail)}</p>`,
  };
}

const invalidCode = () => new ApiError(400, 'INVALID_ACTION_CODE', 'The link is invalid or has expired.');

/**
 * The code, if it may still undo its change: not expired or spent, the account's email still the
 * one it was changed to (a later change, or a recovery, has replaced it otherwise), and no password
 * change reported since it was issued. A recovery already accepted with it is completed regardless
 * (it changes the email itself, and a retry must be able to finish it).
 */
export async function requireUsableCode(code: string): Promise<RecoveryCode> {
  const rc = await getRecoveryCode(code);
  if (!rc) throw invalidCode();
  if (rc.usedAt) throw new ApiError(400, 'USED_ACTION_CODE', 'This link has already been used.');
  if (rc.acceptedAt) return rc;
  const [email, session] = await Promise.all([currentEmail(rc.username), getSessionState(rc.uid)]);
  if (email?.toLowerCase() !== rc.email.toLowerCase()) throw invalidCode();
  // passwordChangedBefore is a whole second after the change: a change in the code's own second counts.
  if (rc.issuedAt !== undefined && (session.passwordChangedBefore ?? 0) > rc.issuedAt) throw invalidCode();
  return rc;
}
