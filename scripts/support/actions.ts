import { randomBytes } from 'node:crypto';
import { signOutEverywhere, turnOffTwoFactor, usersWithEmail } from '../../lambdas/lib/cognito';
import { getAccount } from '../../lambdas/lib/repository/accounts';
import { recordPasskeyRemoval } from '../../lambdas/lib/repository/passkey-removals';
import { revokeTokens } from '../../lambdas/lib/repository/sessions';
import { refundPart, subscriptionPayments } from '../../lambdas/lib/stripe';

// The support tool's changes: two-factor sign-in off (a lost phone), passkeys to remove (a lost device)
// and a refund outside the satisfaction guarantee. Each answers what happened, for the operator and the audit record.

export interface Outcome {
  uid?: string;
  outcome: string;
  details?: Record<string, unknown>;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

async function userOf(email: string): Promise<{ uid: string; username: string } | undefined> {
  const [user] = await usersWithEmail(email);
  if (!user?.Username) return undefined;
  return {
    uid: user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username,
    username: user.Username,
  };
}

export async function turnOffTwoFactorFor(email: string): Promise<Outcome> {
  const user = await userOf(email);
  if (!user) return { outcome: `no account has the address ${email}` };
  await turnOffTwoFactor(user.username);
  return {
    uid: user.uid,
    outcome: `two-factor sign-in is off for ${email}: the password alone signs in; it can be turned on again on the Profile page`,
  };
}

/**
 * A lost device holding a passkey. Cognito has no admin call that lists or deletes a user's passkeys
 * (only the owner's access token can), so this records the request for the owner's next password
 * sign-in and ends every session now: Cognito revokes the refresh tokens, the BFF refuses the ID tokens
 * issued before, as sign-out everywhere does. Cognito first, so a failure leaves nothing recorded.
 */
export async function removePasskeysFor(email: string, operator: string): Promise<Outcome> {
  const user = await userOf(email);
  if (!user) return { outcome: `no account has the address ${email}` };
  const requestedAt = Date.now();
  await signOutEverywhere(user.username);
  await revokeTokens(user.uid, { nowMs: requestedAt });
  await recordPasskeyRemoval(user.uid, { requestedAt, operator });
  return {
    uid: user.uid,
    outcome:
      `every session of ${email} ended and the passkeys' removal recorded: Cognito lets only the owner ` +
      'delete a passkey, so until the next sign-in (tell the owner to sign in with the password) the ' +
      "account's pages are refused; that sign-in's site removes them and signs out everywhere",
    details: { requestedAt: new Date(requestedAt).toISOString() },
  };
}

/**
 * Refunds the latest payment of the account's current subscription, all that is left of it or
 * `amountCents`; with `go` false, says what it would refund and changes nothing.
 */
export async function refundFor(
  email: string,
  opts: { amountCents?: number; go: boolean; operator: string },
): Promise<Outcome> {
  const user = await userOf(email);
  if (!user) return { outcome: `no account has the address ${email}` };
  const account = await getAccount(user.uid);
  if (!account?.subscriptionId)
    return { uid: user.uid, outcome: 'the account has no subscription to refund' };
  const payments = await subscriptionPayments(account.subscriptionId);
  const latest = [...payments].reverse().find((p) => p.amount > p.refunded);
  if (!latest) return { uid: user.uid, outcome: `nothing of ${account.subscriptionId} is left to refund` };
  const left = latest.amount - latest.refunded;
  const amount = opts.amountCents ?? left;
  const what = `${money(amount, latest.currency)} of payment ${latest.paymentIntent} (${money(latest.amount, latest.currency)} paid, ${money(latest.refunded, latest.currency)} refunded before)`;
  if (amount > left) {
    return {
      uid: user.uid,
      outcome: `refused: ${money(amount, latest.currency)} is more than the ${money(left, latest.currency)} left of payment ${latest.paymentIntent}`,
    };
  }
  if (!opts.go) return { uid: user.uid, outcome: `not done (add --yes to do it): would refund ${what}` };
  const refund = await refundPart(
    latest.paymentIntent,
    amount,
    `support:${latest.paymentIntent}:${randomBytes(8).toString('hex')}`,
    {
      uid: user.uid,
      subscription: account.subscriptionId,
      support: opts.operator,
    },
  );
  return {
    uid: user.uid,
    outcome: `refunded ${what}; the licenses are unchanged`,
    details: { refund: refund.id, amount: refund.amount, paymentIntent: latest.paymentIntent },
  };
}
