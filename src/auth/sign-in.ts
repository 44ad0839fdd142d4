import {
  confirmSignIn,
  resendSignUpCode,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  type SignInOutput,
} from 'aws-amplify/auth';
import { configureAmplify } from './amplify-config';
import { readSession } from './session';
import { notifyAuthChange } from './stored-session';
import { hasFreshVerificationMail, recordVerificationMail } from './verification-mail';

/**
 * 'unverified-resent': a new verification email went out (earlier links no longer work).
 * 'code-required': the password was right and two-factor sign-in is on: confirmSignInWithCode next.
 */
export type SignInOutcome = 'verified' | 'unverified' | 'unverified-resent' | 'code-required';

/** Signs in with email and password (USER_PASSWORD_AUTH, as everywhere in this product). */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  await signOutStored();
  const result = await signIn({
    username: email,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  return afterFirstFactor(email, result);
}

/**
 * Signs in with a passkey: Cognito's choice-based sign-in (USER_AUTH) asking for the WEB_AUTHN challenge,
 * whose browser prompt aws-amplify opens. 'no-passkey': Cognito offers no passkey for this email (it has
 * none, or no such account: Cognito answers both alike), so no prompt opened. Then the same steps as
 * after a password (the authenticator-app code when two-factor sign-in is on).
 */
export async function signInWithPasskey(email: string): Promise<SignInOutcome | 'no-passkey'> {
  await signOutStored();
  const result = await signIn({
    username: email,
    options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
  });
  const { nextStep } = result;
  if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') {
    // The choices hold no WEB_AUTHN when the user has no passkey; the password form takes over.
    return 'no-passkey';
  }
  return afterFirstFactor(email, result);
}

/** Amplify refuses a second sign-in while one is stored (e.g. a signed-in but unverified user). */
async function signOutStored(): Promise<void> {
  configureAmplify();
  if (await readSession().catch(() => null)) await signOut().catch(() => undefined);
}

/**
 * What follows a right first factor: an unverified email gets a fresh verification email (a new account
 * through ResendConfirmationCode, a changed address through GetUserAttributeVerificationCode), unless this
 * browser sent one that still works (verification-mail.ts); two-factor sign-in asks for its code.
 */
async function afterFirstFactor(email: string, result: SignInOutput): Promise<SignInOutcome> {
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
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'code-required';
  return signedIn(result.isSignedIn, result.nextStep.signInStep);
}

/**
 * The second step when two-factor sign-in is on: the 6-digit code from the authenticator app, in the
 * session Cognito opened for the password step (3 minutes; a wrong code can be typed again).
 */
export async function confirmSignInWithCode(code: string): Promise<SignInOutcome> {
  configureAmplify();
  const result = await confirmSignIn({ challengeResponse: code });
  return signedIn(result.isSignedIn, result.nextStep.signInStep);
}

async function signedIn(isSignedIn: boolean, step: string): Promise<SignInOutcome> {
  if (!isSignedIn) {
    // The pool asks for nothing else (no SMS, no new-password or custom challenges).
    throw { name: 'UnsupportedChallenge', message: `Unsupported sign-in step ${step}.` };
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
