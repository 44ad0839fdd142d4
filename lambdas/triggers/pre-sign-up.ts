import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { emailAddressProblem } from '../../src/lib/email-address';
import { deleteUser, usersWithEmail } from '../lib/cognito';
import { refuse } from '../lib/refusal';
import { returnToLastVerifiedEmail } from '../lib/unproven-email';

// Cognito PreSignUp trigger: the rules a registration must meet even when it comes straight to Cognito
// (the app client is public, so anyone can call SignUp without the site). A refusal reaches the caller
// as UserLambdaValidationException, "PreSignUp failed with error <message>.".
//
// One form of an address (src/lib/email-address.ts): look-alike characters are refused.
//
// Nobody can squat an address. Email addresses are the pool's usernames, so
// an account someone created for an address and never confirmed would keep the address's owner from
// signing up ("already taken"). Such an account never proved the address and never had a session
// (Cognito issues no tokens before confirmation, so it holds nothing of ours): it is deleted here,
// before Cognito checks that the address is free, and the new sign-up goes on. A confirmed account
// keeps an address it proved; one it changed to and never proved goes back to its owner, and the
// account to the address it last proved if that is still free (lib/unproven-email.ts). Cognito gives
// the trigger 5 seconds: it waits at most a second for an account and never calls Stripe.

/** Frees `email` from the accounts that hold it without having proved it. */
async function releaseUnproven(userPoolId: string, email: string): Promise<void> {
  for (const user of await usersWithEmail(email, userPoolId)) {
    if (user.UserStatus === 'CONFIRMED') {
      await returnToLastVerifiedEmail(user, userPoolId);
      continue;
    }
    if (user.UserStatus !== 'UNCONFIRMED' || !user.Username) continue;
    try {
      await deleteUser(user.Username, userPoolId);
    } catch (err) {
      // Deleted meanwhile (two sign-ups at once): the address is free either way.
      if (!(err instanceof Error && err.name === 'UserNotFoundException')) throw err;
    }
  }
}

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  // Only self sign-up: an administrator creating a user decides for themselves.
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  // Cognito copies the username (an address) into the email attribute; the username is the fallback.
  const email =
    event.request.userAttributes.email ?? (event.userName.includes('@') ? event.userName : undefined);
  const problem = emailAddressProblem(email ?? event.userName);
  if (problem) refuse(problem);
  if (email) await releaseUnproven(event.userPoolId, email);
  return event;
};
