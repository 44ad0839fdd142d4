import { LAST_VERIFIED_EMAIL } from '../../lambdas/lib/cognito-attributes';
import { AUTH_SESSION_VALIDITY_MINUTES } from '../../lambdas/lib/sign-in-window';
import { CLIENT_WRITE_ATTRIBUTES } from './client-attributes';

// The user pool's and app client's settings, once: CDK builds the deployed pool from them (auth.ts) and
// the local stack its cognito-local pool (dev/cognito/setup.ts), so both answer alike. Names follow
// Cognito's API (CreateUserPool, CreateUserPoolClient).

export interface SchemaAttribute {
  /** A standard attribute's name, or a custom attribute's without "custom:". */
  name: string;
  custom: boolean;
  required: boolean;
  mutable: boolean;
  maxLength?: number;
}

export const USER_POOL_SETTINGS = {
  // Email is the username; sign-in ignores its case (User@x.com and user@x.com are one person).
  usernameAttributes: ['email'],
  caseSensitive: false,
  autoVerifiedAttributes: ['email'],
  schema: [
    // Not required: Cognito's rule that a client can write every required attribute (cognito-client-rules.ts)
    // would then force `email` into the client's write attributes, and only the BFF may change it. With
    // email as the username, SignUp fills `email` from the username all the same ("You do not need to
    // mark email or phone number as required attributes", Cognito Developer Guide, "User pool attributes").
    { name: 'email', custom: false, required: false, mutable: true },
    // The address an account last proved, while a change waits for its code (cognito-attributes.ts).
    { name: LAST_VERIFIED_EMAIL, custom: true, required: false, mutable: true, maxLength: 320 },
  ] satisfies SchemaAttribute[],
  // The rule is "at least 6 characters" and nothing else (the sign-up form enforces the same).
  passwordMinimumLength: 6,
  // The authenticator must check it is its owner (fingerprint, face, PIN): a passkey then stands alone.
  passkeyUserVerification: 'required',
} as const;

/**
 * The first factors the pool allows: the password, and passkeys (Cognito's choice-based sign-in,
 * USER_AUTH) where the deployment turns them on. They stay off until the product's side of them exists
 * (the security mail, the end of other sessions, a recent sign-in to add one: issue 43): a pool that
 * took passkeys now would let a stolen access token register one straight at Cognito, unseen.
 */
export const firstAuthFactors = (passkeys: boolean): readonly ('PASSWORD' | 'WEB_AUTHN')[] =>
  passkeys ? ['PASSWORD', 'WEB_AUTHN'] : ['PASSWORD'];

export const CLIENT_SETTINGS = {
  clientName: 'stockbench-web',
  // USER_PASSWORD_AUTH everywhere (the desktop application sends the password to Cognito); refresh too;
  // USER_AUTH for the site's choice of password or passkey.
  explicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  preventUserExistenceErrors: true,
  enableTokenRevocation: true,
  writeAttributes: CLIENT_WRITE_ATTRIBUTES,
  /** Minutes a sign-in challenge (the MFA code) may take. */
  authSessionValidityMinutes: AUTH_SESSION_VALIDITY_MINUTES,
  // The shortest Cognito allows: an access token is what a thief would use against Cognito itself
  // (two-factor settings), and the BFF cannot revoke it (docs/accounts-and-security.md).
  accessTokenValidityMinutes: 5,
  idTokenValidityMinutes: 60,
} as const;
