import { updateEmail as endpoint } from './contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { normalizeEmail } from '../../../src/lib/email-address';
import { withAccountLease } from '../../money/lease';
import { assertSelf, getCaller, type ApiEvent, type Caller } from '../../lib/auth';
import { checkPassword, emailInUse, setEmail, signOutEverywhere } from '../../lib/cognito';
import { badRequest, conflict, forbidden, ok, apiHandler } from '../../lib/http';
import { sendTemplate } from '../../mail/send';
import { emailChanged } from '../../mail/templates/email-changed';
import { takeMailAllowance } from '../../lib/mail-limits';
import { allDone } from '../../lib/settle';
import { getAccount, saveEmail } from '../../lib/repository/accounts';
import { saveRecoveryCode, voidRecoveryCode } from '../../lib/repository/recovery-codes';
import { requireCognitoMailAllowance } from '../../lib/cognito-mail-limit';
import { LimitReachedError } from '../../lib/errors';
import { revokeTokens } from '../../lib/repository/sessions';
import { parseJsonBody } from '../../lib/request';
import { updateCustomerEmail } from '../../lib/stripe';

// PUT /api/update-email {uid, oldEmail, newEmail, currentPassword}: after the current password is
// checked, the old address gets a one-time link to undo the change (stored and mailed first, so no
// failure can leave a changed address without its way back; a link whose change never happened is
// refused, the email not being the one it undoes), then the email changes (unverified, so Cognito
// sends the new address a code), Stripe's customer follows, and every session ends. Under the account's
// lease, as email-recovery: a recovery racing a change either undoes it or makes its password check fail.

/** How long the old address can undo the change. */
const RECOVERY_SECONDS = 3 * 24 * 3600;

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  assertSelf(caller, body.uid);
  // The schema gave both addresses in their normalized form; the token's is normalized the same way.
  if (caller.email && normalizeEmail(caller.email) !== body.oldEmail) {
    throw forbidden("The old email is not the signed-in user's.");
  }
  if (body.newEmail === body.oldEmail) {
    throw badRequest('SAME_EMAIL', 'The new email is the current one.');
  }
  await withAccountLease(caller.sub, () => changeEmail(caller, body));
  return ok(endpoint, { email: body.newEmail });
});

async function changeEmail(
  caller: Caller,
  body: { oldEmail: string; newEmail: string; currentPassword: string },
): Promise<void> {
  // The password first: nothing else is looked up for a caller who does not know it.
  await checkPassword(caller.username, body.currentPassword, caller.sub);
  if (await emailInUse(body.newEmail, caller.username))
    throw conflict('EMAIL_TAKEN', 'New email is already taken.');
  // Cognito mails the new address a code: refused before anything changes when that mailbox has had
  // today's codes; and as the address may be another person's, it counts against the daily mail
  // limits (lib/mail-limits.ts) like a license given to that address.
  await requireCognitoMailAllowance(body.newEmail);
  await takeMailAllowance(caller.sub, [normalizeEmail(body.newEmail)], randomUUID());

  // The old address's way back exists before the change does.
  const code = randomBytes(24).toString('base64url');
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  await saveRecoveryCode({
    code,
    uid: caller.sub,
    username: caller.username,
    email: body.newEmail,
    previousEmail: body.oldEmail,
    issuedAt: now,
    issuedAtMs: nowMs,
    expiresAt: now + RECOVERY_SECONDS,
  });
  await sendTemplate(emailChanged, body.oldEmail, { newEmail: body.newEmail, code });

  // The address the account proved stays beside the new one until the new one is proved too (its
  // owner's sign-up takes it back: lib/unproven-email.ts).
  await setEmail(caller.username, body.newEmail, false, { lastVerified: body.oldEmail }).catch(
    async (err: unknown) => {
      // The mailbox's limit filled since the check: the account keeps its address, the link is void.
      if (err instanceof LimitReachedError) {
        await setEmail(caller.username, body.oldEmail, true);
        await voidRecoveryCode(code);
      }
      throw err;
    },
  );
  // The rest are independent of each other.
  const account = await getAccount(caller.sub);
  await allDone([
    account ? saveEmail(caller.sub, body.newEmail) : Promise.resolve(),
    account?.customerId ? updateCustomerEmail(account.customerId, body.newEmail) : Promise.resolve(),
    signOutEverywhere(caller.username),
  ]);
  // Last, so a retry after a failure above still passes: every session (this one too) ends now.
  await revokeTokens(caller.sub);
}
