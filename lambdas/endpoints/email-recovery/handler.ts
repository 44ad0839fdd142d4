import { emailRecovery as endpoint } from './contract';
import { withAccountLease } from '../../money/lease';
import type { ApiEvent } from '../../lib/auth';
import { requireNewPassword, setEmail, signOutEverywhere } from '../../lib/cognito';
import { RecoveryCodeError } from '../../lib/errors';
import { ok, apiHandler } from '../../lib/http';
import { acceptRecovery, issuedMs, requireUsableCode } from '../../lib/recovery-code';
import { removeAuthenticatorSetUpSince } from '../../lib/recovery-two-factor';
import { getAccount, saveEmail } from '../../lib/repository/accounts';
import { markRecoveryReset, setRecoveryCodeUsed } from '../../lib/repository/recovery-codes';
import { revokeTokens } from '../../lib/repository/sessions';
import { parseJsonBody } from '../../lib/request';
import { updateCustomerEmail } from '../../lib/stripe';

// POST /api/email-recovery {code} (public; the one-time code is the secret): puts the account back in
// its owner's hands. It restores the address the code was mailed to (verified), whatever happened
// since, and voids the codes of later changes (mailed to addresses that followed, maybe an intruder's);
// the password stops working and Cognito mails the restored address a code to choose a new one (so
// whoever knew the old password is locked out); an authenticator app set up since the change is
// removed (it may be the intruder's) while one set up before it stays, so the old mailbox alone never
// opens an account with two-factor sign-in (lib/recovery-two-factor.ts); every session ends; the
// account record and Stripe's customer get the address back. It runs under the account's lease, as
// update-email does, so a change of address racing it lands before it (and is undone) or after it (and
// fails: the password is gone).
// The code is spent last, so a failure on the way can be retried with the same link.

/** How long the mark lets the new-password mail past the limit (a few Cognito calls take far less). */
const RESET_ASK_SECONDS = 120;

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const { code } = parseJsonBody(event, endpoint.body);
  const rc = await requireUsableCode(code);
  await withAccountLease(rc.uid, async () => {
    await acceptRecovery(rc);
    await setEmail(rc.username, rc.previousEmail, true).catch((err: unknown) => {
      // The user was deleted at Cognito (the account page's last step): nothing is left to restore.
      if (err instanceof Error && err.name === 'UserNotFoundException')
        throw new RecoveryCodeError('invalid');
      throw err;
    });
    // After the address is back: Cognito mails the new-password code to it, past the daily limit.
    await markRecoveryReset(rc.uid, Date.now() / 1000 + RESET_ASK_SECONDS);
    await requireNewPassword(rc.username);
    await markRecoveryReset(rc.uid, 0);
    await removeAuthenticatorSetUpSince(rc.uid, rc.username, issuedMs(rc));
    await signOutEverywhere(rc.username);
    await revokeTokens(rc.uid);
    const account = await getAccount(rc.uid);
    if (account) await saveEmail(rc.uid, rc.previousEmail);
    if (account?.customerId) await updateCustomerEmail(account.customerId, rc.previousEmail);
    await setRecoveryCodeUsed(code);
  });
  return ok(endpoint, { email: rc.previousEmail });
});
