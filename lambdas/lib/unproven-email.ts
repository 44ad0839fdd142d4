import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { withAccountLease } from '../money/lease';
import { setEmail } from './cognito';
import { LAST_VERIFIED_EMAIL } from './cognito-attributes';
import { getAccount, saveEmail } from './repository/accounts';
import { updateCustomerEmail } from './stripe';

// An account that changed its address (PUT /api/update-email) holds the new one unverified until its
// code is used; Cognito's email is the pool's username, so meanwhile nobody else can sign up with it.
// When the address's owner signs up, the PreSignUp trigger calls this: the account goes back to the
// address it last proved (Cognito, the account record and Stripe's customer, as the change moved all
// three), and the sign-up goes on. Under the account's lease, so a change or a recovery running at the
// same moment lands wholly before or after it.

/** How long the trigger waits for the lease: Cognito gives a trigger 5 seconds in all. */
const LEASE_WAIT_MS = 3_000;

const attributeOf = (user: UserType, name: string): string | undefined =>
  user.Attributes?.find((a) => a.Name === name)?.Value;

/** The address to give back: set only on a confirmed account whose current address is unproven. */
function lastVerifiedEmailOf(user: UserType): string | undefined {
  if (user.UserStatus !== 'CONFIRMED' || attributeOf(user, 'email_verified') === 'true') return undefined;
  return attributeOf(user, `custom:${LAST_VERIFIED_EMAIL}`);
}

/** Gives `user` back the address it last proved (a no-op when it has none to go back to). */
export async function returnToLastVerifiedEmail(user: UserType, userPoolId: string): Promise<void> {
  const uid = attributeOf(user, 'sub');
  const previous = lastVerifiedEmailOf(user);
  if (!uid || !user.Username || !previous) return;
  const username = user.Username;
  await withAccountLease(
    uid,
    async () => {
      await setEmail(username, previous, true, { userPoolId });
      const account = await getAccount(uid);
      if (account) await saveEmail(uid, previous);
      if (account?.customerId) await updateCustomerEmail(account.customerId, previous);
    },
    LEASE_WAIT_MS,
  );
}
