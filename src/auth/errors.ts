import { siteConfig } from '../config';
import { PASSKEY_SIGN_IN_MAX_AGE_MINUTES } from './recent-sign-in';

// The one table from what fails (Cognito exception names, as Amplify throws them, and the BFF's error
// codes) to the message each screen shows for it.

export type AuthScreen =
  | 'signIn'
  /** The second step of signing in: the code from the authenticator app. */
  | 'signInCode'
  | 'signUp'
  | 'verify'
  | 'verifyLink'
  | 'resetRequest'
  | 'action'
  | 'profile'
  /** /profile's two-factor section: setting it up, and turning it off with password and code. */
  | 'mfa'
  /** /profile's passkeys: adding (the browser's prompt, then Cognito), listing, removing. */
  | 'passkeys'
  /** Signing in with a passkey (the browser's prompt, then Cognito). */
  | 'signInPasskey'
  | 'billing';

type Messages = Partial<Record<AuthScreen | 'any', string>>;

// Resetting the password is advice only where a password was being guessed (sign-in, the profile's
// current password); the reset and verify pages themselves just ask the user to wait.
const TOO_MANY_PASSWORD = 'Too many attempts. Please reset your password or try again later.';
const TOO_MANY = 'Too many attempts. Please try again later.';
const tooMany: Messages = {
  any: TOO_MANY,
  signIn: TOO_MANY_PASSWORD,
  profile: TOO_MANY_PASSWORD,
  mfa: TOO_MANY_PASSWORD,
};
const PASSWORD_INSTEAD = 'Try again, or sign in with your password.';
const WRONG_CODE = 'Incorrect code. Enter the 6-digit code your authenticator app shows now.';

const table: Record<string, Messages> = {
  NotAuthorizedException: {
    signIn: 'Incorrect email address or password.',
    // The code step's session ran out (3 minutes) or took too many wrong codes: start again.
    signInCode: 'Your sign-in has expired. Please enter your password again.',
    profile: 'Incorrect current password.',
    verifyLink: 'Incorrect password.',
    mfa: 'Incorrect current password.',
    // The assertion failed Cognito's checks (a passkey it does not know, a copied one, a late answer).
    signInPasskey: `This passkey was not accepted. ${PASSWORD_INSTEAD}`,
  },
  // The verification link's page, for an account that must finish signing in first (a second factor).
  SignInFirst: { any: 'Please sign in, then open the link in the email again.' },
  INCORRECT_PASSWORD: { any: 'Incorrect current password.' },
  UserNotFoundException: { any: 'Email address not found.' },
  UsernameExistsException: { signUp: 'Email address already taken.', profile: 'New email is already taken.' },
  AliasExistsException: { signUp: 'Email address already taken.', profile: 'New email is already taken.' },
  EMAIL_TAKEN: { any: 'New email is already taken.' },
  InvalidPasswordException: {
    signIn: 'Incorrect password.',
    signUp: 'Password must be at least 6 characters.',
    action: 'Password must be at least 6 characters.',
    profile: 'New password must be at least 6 characters.',
  },
  // StartWebAuthnRegistration's answer to a user who holds the most passkeys Cognito keeps.
  LimitExceededException: {
    ...tooMany,
    passkeys:
      'Your account has the most passkeys it can hold. Remove one you no longer use, then add the new one.',
  },
  TooManyRequestsException: tooMany,
  TooManyFailedAttemptsException: tooMany,
  TOO_MANY_ATTEMPTS: tooMany,
  CodeMismatchException: {
    any: 'This link is invalid or has already been used. Please request a new one.',
    signInCode: WRONG_CODE,
    mfa: WRONG_CODE,
  },
  // VerifySoftwareToken's answer to a wrong first code.
  EnableSoftwareTokenMFAException: { any: WRONG_CODE },
  ExpiredCodeException: { any: 'This link has expired. Please request a new one.' },
  INVALID_ACTION_CODE: { any: 'This link is invalid or has expired.' },
  USED_ACTION_CODE: { any: 'This link has already been used.' },
  // aws-amplify's names for what the browser's passkey prompt answered (client/utils/passkey/errors).
  PasskeyRegistrationCanceled: {
    any: 'The passkey prompt was closed or timed out, so no passkey was added. Try again when you are ready.',
  },
  PasskeyAuthenticationCanceled: {
    any: `The passkey prompt was closed or timed out, or this device has no passkey for this account. ${PASSWORD_INSTEAD}`,
  },
  PasskeyOperationAborted: { any: `The passkey prompt was interrupted. ${PASSWORD_INSTEAD}` },
  PasskeyAlreadyExists: {
    any: 'This device already holds a passkey for your account: you can sign in with it.',
  },
  PasskeyNotSupported: {
    any: 'This browser cannot use passkeys. Try another browser or device.',
    signInPasskey: 'This browser cannot use passkeys. Sign in with your password.',
  },
  PasskeyRegistrationFailed: {
    any: 'This device could not make a passkey. Try again, or use another device.',
  },
  PasskeyRetrievalFailed: { any: `This device could not use its passkey. ${PASSWORD_INSTEAD}` },
  RelyingPartyMismatch: { any: `Passkeys do not work at this address of the site. ${PASSWORD_INSTEAD}` },
  WebAuthnNotEnabledException: { any: 'Passkeys are not available yet. Please use your password.' },
  RecentSignInRequired: {
    passkeys: `To add a passkey, your sign-in must be from the last ${PASSKEY_SIGN_IN_MAX_AGE_MINUTES} minutes. Sign out, sign in again, then add it.`,
  },
  // DeleteWebAuthnCredential's answer to a passkey already gone (removed in another tab, say).
  ResourceNotFoundException: { passkeys: 'This passkey was already removed.' },
  PasswordResetRequiredException: {
    any:
      'The password of this account no longer works, because the account was recovered. Choose a new one ' +
      'with the link we mailed you, or with “Forgot your password?”.',
  },
};

/** A Cognito trigger's refusal: "PreSignUp failed with error <its message>." gives its message. */
function triggerMessage(message: string | undefined): string | undefined {
  const inner = message && /^\w+ failed with error ([\s\S]+?)\.?$/.exec(message)?.[1];
  return inner || undefined;
}

export const genericErrorMessage = (): string =>
  `Something unexpected happened. Please try again. If the error continues to occur, reach out to us at ${siteConfig.supportEmail}.`;

interface NamedError {
  name?: unknown;
  message?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/** The exception name (Amplify/Cognito) or error code (BFF) of what was thrown, and its message. */
function describe(error: unknown): { key?: string; message?: string; provider: boolean } {
  if (typeof error !== 'object' || error === null) return { provider: false };
  const e = error as NamedError;
  if (e.error && typeof e.error.code === 'string') {
    return {
      key: e.error.code,
      message: typeof e.error.message === 'string' ? e.error.message : undefined,
      provider: true,
    };
  }
  const name = typeof e.name === 'string' ? e.name : undefined;
  const message = typeof e.message === 'string' ? e.message : undefined;
  // Service exceptions carry Cognito's own wording, shown for cases the table does not list;
  // anything else (network failures, bugs) gets the generic message with the support address.
  return { key: name, message, provider: !!name && name.endsWith('Exception') };
}

/** Cognito's own failures: its wording ("An internal error occurred") helps nobody. */
const PROVIDER_FAULTS = new Set(['InternalErrorException', 'UnexpectedLambdaException']);

/** The message a screen shows for an error. */
export function authErrorMessage(error: unknown, screen: AuthScreen): string {
  const { key, message, provider } = describe(error);
  if (key && PROVIDER_FAULTS.has(key)) return genericErrorMessage();
  if (key === 'UserLambdaValidationException') return triggerMessage(message) ?? genericErrorMessage();
  if (key === 'NotAuthorizedException' && message && /attempts exceeded/i.test(message)) {
    return tooMany[screen] ?? TOO_MANY;
  }
  if (key === 'NotAuthorizedException' && screen === 'action' && message && /CONFIRMED/.test(message)) {
    return 'This email address has already been verified. Please sign in.';
  }
  const messages = key ? table[key] : undefined;
  const mapped = messages?.[screen] ?? messages?.any;
  if (mapped) return mapped;
  if (provider && message) return message;
  return genericErrorMessage();
}
