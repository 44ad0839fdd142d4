import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { withAccountLease } from '../money/lease';
import { deleteUser, setEmail, usersWithEmail } from './cognito';
import { LAST_VERIFIED_EMAIL } from './cognito-attributes';
import { AccountBusyError, EmailTakenError } from './errors';
import { getAccount, saveEmail } from './repository/accounts';
import { requestCustomerEmailSync } from './repository/customer-email-syncs';

// An account that changed its address (PUT /api/update-email) holds the new one unverified until its
// code is used; Cognito's email is the pool's username, so meanwhile nobody else can sign up with it.
// When the address's owner signs up, the PreSignUp trigger calls this: the account goes back to the
// address it last proved, in Cognito and the account record, and the sign-up goes on. That address must
// still be free: if another account proved it meanwhile, two accounts would hold one verified address
// (AWS refuses the write, which would leave the owner's address squatted), so the account gets a
// placeholder instead (<uid>@released.invalid, which no mail reaches) and support can move it to a real
// one. Stripe's customer follows later (lambdas/jobs/sync-customer-emails.ts): Cognito gives a trigger
// 5 seconds in all, so the trigger neither waits long for the account nor calls Stripe. Under the
// account's lease, so a change or a recovery running at the same moment lands wholly before or after.

/** How long the trigger waits for the account's lease before asking the person to try again. */
const LEASE_WAIT_MS = 1_000;

/** What the owner sees when the account that holds the address is busy (a retry works). */
export const ADDRESS_BUSY = 'This address is being changed right now. Try again in a moment';

const RELEASED_DOMAIN = 'released.invalid';
/** The address an account gets when the one it last proved is no longer free. */
export const releasedAddress = (uid: string): string => `${uid}@${RELEASED_DOMAIN}`;
export const isReleasedAddress = (email: string): boolean => email.endsWith(`@${RELEASED_DOMAIN}`);

const attributeOf = (user: UserType, name: string): string | undefined =>
  user.Attributes?.find((a) => a.Name === name)?.Value;

/** The address to give back: set only on a confirmed account whose current address is unproven. */
function lastVerifiedEmailOf(user: UserType): string | undefined {
  if (user.UserStatus !== 'CONFIRMED' || attributeOf(user, 'email_verified') === 'true') return undefined;
  return attributeOf(user, `custom:${LAST_VERIFIED_EMAIL}`);
}

/** Frees `email` of the sign-ups that never confirmed it; answers whether a confirmed account holds it. */
async function heldByAnother(email: string, username: string, userPoolId: string): Promise<boolean> {
  let held = false;
  for (const other of await usersWithEmail(email, userPoolId)) {
    if (other.Username === username) continue;
    if (other.UserStatus !== 'UNCONFIRMED' || !other.Username) {
      held = true;
      continue;
    }
    await deleteUser(other.Username, userPoolId).catch((err: unknown) => {
      // Deleted meanwhile: free either way.
      if (!(err instanceof Error && err.name === 'UserNotFoundException')) throw err;
    });
  }
  return held;
}

/** Gives `user` back the address it last proved, or a placeholder if that is taken (no-op without one). */
export async function returnToLastVerifiedEmail(user: UserType, userPoolId: string): Promise<void> {
  const uid = attributeOf(user, 'sub');
  const previous = lastVerifiedEmailOf(user);
  if (!uid || !user.Username || !previous) return;
  const username = user.Username;
  try {
    await withAccountLease(
      uid,
      async () => {
        let address = (await heldByAnother(previous, username, userPoolId)) ? releasedAddress(uid) : previous;
        try {
          await setEmail(username, address, true, { userPoolId });
        } catch (err) {
          // Proved by another account between the look and the write.
          if (!(err instanceof EmailTakenError)) throw err;
          address = releasedAddress(uid);
          await setEmail(username, address, true, { userPoolId });
        }
        if (await getAccount(uid)) {
          await saveEmail(uid, address);
          await requestCustomerEmailSync(uid);
        }
      },
      LEASE_WAIT_MS,
    );
  } catch (err) {
    if (err instanceof AccountBusyError) throw new Error(ADDRESS_BUSY);
    throw err;
  }
}
