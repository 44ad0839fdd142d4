import { emailRecovery as endpoint } from '../contracts/email-recovery';
import type { ApiEvent } from '../lib/auth';
import { setEmail, signOutEverywhere } from '../lib/cognito';
import { ok, withErrors } from '../lib/http';
import { requireUsableCode } from '../lib/recovery-code';
import { getAccount, saveEmail } from '../lib/repository/accounts';
import { acceptRecoveryCode, markRecoveryCodeUsed } from '../lib/repository/recovery-codes';
import { revokeTokens } from '../lib/repository/sessions';
import { parseJsonBody } from '../lib/request';
import { updateCustomerEmail } from '../lib/stripe';

// POST /api/email-recovery {code} (public; the one-time code is the secret): restores the previous
// address as verified, records it on the account and at Stripe, ends every session (whoever changed
// the address is signed out) and only then spends the code, so a failure on the way can be retried
// with the same link: an accepted code skips the checks the recovery itself invalidates (the email).
// Steps repeat harmlessly if retried.

export const handler = withErrors(endpoint, async (event: ApiEvent) => {
  const { code } = parseJsonBody(event, endpoint.body);
  const rc = await requireUsableCode(code);
  await acceptRecoveryCode(code);
  await setEmail(rc.username, rc.previousEmail, true);
  const account = await getAccount(rc.uid);
  if (account) await saveEmail(rc.uid, rc.previousEmail);
  if (account?.customerId) await updateCustomerEmail(account.customerId, rc.previousEmail);
  await signOutEverywhere(rc.username);
  await revokeTokens(rc.uid);
  await markRecoveryCodeUsed(code);
  return ok(endpoint, { email: rc.previousEmail });
});
