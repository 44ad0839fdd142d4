import { RecoveryCodeError } from './errors';
import {
  acceptRecoveryCode,
  getRecoveryCode,
  listRecoveryCodesOf,
  voidRecoveryCode,
  type RecoveryCode,
} from './repository/recovery-codes';

// Whether an email-recovery code (mailed by update-email, recovery-mail.ts) may still undo its change.
// Only what the server itself knows decides: the code expired, was spent, or was voided by a recovery
// with an earlier code of the same user. Nothing that happened to the account since (another change of
// address, a sign-out everywhere, a password change) and nothing a client says can stop it: whoever
// changed the address may be the one doing those things.

/** The code, if it may still undo its change (a recovery accepted with it is completed regardless). */
export async function requireUsableCode(code: string): Promise<RecoveryCode> {
  const rc = await getRecoveryCode(code);
  if (!rc || rc.voidedAt) throw new RecoveryCodeError('invalid');
  if (rc.usedAt) throw new RecoveryCodeError('used');
  return rc;
}

/** Epoch ms the code was issued, just before its change of address (0 for codes of older releases). */
export const issuedMs = (rc: RecoveryCode): number => rc.issuedAtMs ?? (rc.issuedAt ?? 0) * 1000;

/**
 * Accepts a recovery with the code and voids every code of the user issued after it: those were mailed
 * to addresses set after the one this code restores (possibly an intruder's), and must not undo the
 * recovery. Codes issued before it stay usable: they restore addresses the account had earlier still.
 */
export async function acceptRecovery(rc: RecoveryCode): Promise<void> {
  if (!(await acceptRecoveryCode(rc.code))) {
    const now = await getRecoveryCode(rc.code);
    throw new RecoveryCodeError(now?.usedAt ? 'used' : 'invalid');
  }
  const mine = issuedMs(rc);
  for (const code of await listRecoveryCodesOf(rc.uid)) {
    if (code === rc.code) continue;
    const other = await getRecoveryCode(code);
    if (other && !other.usedAt && issuedMs(other) >= mine) await voidRecoveryCode(code);
  }
}
