import { resendSignUpCode, sendUserAttributeVerificationCode, signIn, signOut } from 'aws-amplify/auth';
import { configureAmplify } from './amplify-config';
import { readSession } from './session';
import { notifyAuthChange } from './stored-session';
import { hasFreshVerificationMail, recordVerificationMail } from './verification-mail';

/** 'unverified-resent': a new verification email went out (earlier links no longer work). */
export type SignInOutcome = 'verified' | 'unverified' | 'unverified-resent';

/**
 * Signs in with email and password (USER_PASSWORD_AUTH, as everywhere in this product). A user whose
 * email is not verified gets a fresh verification email (a new account through
 * ResendConfirmationCode, a changed address through GetUserAttributeVerificationCode), unless this
 * browser sent one that still works (verification-mail.ts).
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  configureAmplify();
  // Amplify refuses a second sign-in while one is stored (e.g. a signed-in but unverified user).
  if (await readSession().catch(() => null)) await signOut().catch(() => undefined);
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
    if (hasFreshVerificationMail(email)) return 'unverified';
    await resendSignUpCode({ username: email });
    recordVerificationMail(email);
    return 'unverified-resent';
  }
  if (result.nextStep.signInStep === 'RESET_PASSWORD') {
    // An email recovery voided the password (Cognito's RESET_REQUIRED): it opens nothing until reset.
    throw { name: 'PasswordResetRequiredException', message: 'Password reset required for the user' };
  }
  if (!result.isSignedIn) {
    // MFA and other challenges are not enabled on this pool.
    throw {
      name: 'UnsupportedChallenge',
      message: `Unsupported sign-in step ${result.nextStep.signInStep}.`,
    };
  }
  notifyAuthChange();
  const session = await readSession();
  if (session && !session.user.emailVerified) {
    if (hasFreshVerificationMail(session.user.email)) return 'unverified';
    await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    recordVerificationMail(session.user.email);
    return 'unverified-resent';
  }
  return 'verified';
}
