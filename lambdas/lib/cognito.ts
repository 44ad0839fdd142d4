import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../src/lib/email-address';
import { awsClientDefaults } from './aws-clients';
import { LAST_VERIFIED_EMAIL } from './cognito-attributes';
import { cognitoMailLimitReached, isCognitoMailRefusal } from './cognito-mail-limit';
import { getConfig } from './config';
import { EmailTakenError, IncorrectPasswordError, InvalidEmailError, TooManyAttemptsError } from './errors';
import { notePasswordCheck, PASSWORD_CHECK_KEY } from './repository/sign-in-starts';

// The Cognito calls the BFF makes for the account owner: checking a password, changing the email
// address, requiring a new password, signing the user out everywhere, and deleting the user (the
// pool's web ACL refuses the user's own DeleteUser: an account is deleted through the BFF).

let client: CognitoIdentityProviderClient | undefined;

/** The one Cognito client of the BFF (cognito-passkeys.ts shares it). */
export function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient(awsClientDefaults());
  return client;
}

const WRONG_PASSWORD = new Set([
  'NotAuthorizedException',
  // After an email recovery the old password no longer opens the account (resetPassword below).
  'PasswordResetRequiredException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);

/**
 * Signs in with the password (USER_PASSWORD_AUTH, as the site does); a wrong one is IncorrectPasswordError.
 * Given the user's uid, the sign-in carries a one-time mark, so it is not taken for a sign-in someone
 * may still complete with the second factor (lambdas/triggers/pre-authentication.ts).
 */
export async function checkPassword(username: string, password: string, uid?: string): Promise<void> {
  const nonce = uid ? randomBytes(16).toString('hex') : undefined;
  if (uid && nonce) await notePasswordCheck(uid, nonce);
  try {
    await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: getConfig().clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
        ...(nonce ? { ClientMetadata: { [PASSWORD_CHECK_KEY]: nonce } } : {}),
      }),
    );
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (WRONG_PASSWORD.has(name)) throw new IncorrectPasswordError();
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
      throw new TooManyAttemptsError();
    }
    throw err;
  }
}

/**
 * The users whose email is `email` (Cognito's filter ignores case; the address is then compared in its
 * one form). A Cognito trigger passes its event's pool.
 */
export async function usersWithEmail(
  email: string,
  userPoolId = getConfig().userPoolId,
): Promise<UserType[]> {
  const out = await cognito().send(
    new ListUsersCommand({
      UserPoolId: userPoolId,
      // Quotes and backslashes cannot be escaped in a ListUsers filter; no address needs them here.
      Filter: `email = "${email.replace(/["\\]/g, '')}"`,
      Limit: 10,
    }),
  );
  return (out.Users ?? []).filter((u) =>
    u.Attributes?.some((a) => a.Name === 'email' && normalizeEmail(a.Value ?? '') === normalizeEmail(email)),
  );
}

/** Whether another user already has this address (Cognito refuses it too; this answers early). */
export async function emailInUse(email: string, exceptUsername: string): Promise<boolean> {
  return (await usersWithEmail(email)).some((u) => u.Username !== exceptUsername);
}

/** Deletes the user (a trigger passes its event's pool). */
export async function deleteUser(username: string, userPoolId = getConfig().userPoolId): Promise<void> {
  await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
}

/** Whether the user still exists in the pool. */
export async function userExists(username: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: getConfig().userPoolId, Username: username }));
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return false;
    throw err;
  }
}

/** Deletes the user unless already gone (a retry). */
export async function deleteUserOnce(username: string): Promise<void> {
  try {
    await deleteUser(username);
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return;
    throw err;
  }
}

/**
 * Sets the email; `verified` false makes Cognito send the new address a verification code, and
 * `lastVerified` (the address the account proved, for an unverified change) is kept beside it.
 * A Cognito trigger passes its event's pool.
 */
export async function setEmail(
  username: string,
  email: string,
  verified: boolean,
  opts: { lastVerified?: string; userPoolId?: string } = {},
): Promise<void> {
  try {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: opts.userPoolId ?? getConfig().userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: verified ? 'true' : 'false' },
          ...(opts.lastVerified ? [{ Name: `custom:${LAST_VERIFIED_EMAIL}`, Value: opts.lastVerified }] : []),
        ],
      }),
    );
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'AliasExistsException' || name === 'UsernameExistsException') throw new EmailTakenError();
    if (isCognitoMailRefusal(err)) throw cognitoMailLimitReached(email);
    if (name === 'InvalidParameterException') throw new InvalidEmailError();
    throw err;
  }
}

/**
 * Revokes every refresh token of the user (their sessions end when the current tokens expire).
 * A Cognito trigger passes its event's pool (its function cannot name the pool that names it).
 */
export async function signOutEverywhere(
  username: string,
  userPoolId = getConfig().userPoolId,
): Promise<void> {
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
}

/**
 * The current password stops working (Cognito's RESET_REQUIRED state: signing in with it answers
 * PasswordResetRequiredException) and Cognito mails the account's address a code to choose a new one,
 * through the CustomMessage trigger, as for a forgotten password.
 */
export async function requireNewPassword(username: string): Promise<void> {
  await cognito().send(
    new AdminResetUserPasswordCommand({ UserPoolId: getConfig().userPoolId, Username: username }),
  );
}

/**
 * Turns two-factor sign-in off: support's turn-off-two-factor (a lost phone), and an email recovery for
 * an authenticator app set up after the change it undoes (lib/recovery-two-factor.ts). A trigger passes
 * its event's pool.
 */
export async function turnOffTwoFactor(username: string, userPoolId = getConfig().userPoolId): Promise<void> {
  await cognito().send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId,
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

/** What the security mails need to know of a user; undefined when Cognito has no such user. */
export interface UserSecurityFacts {
  username: string;
  /** The address the owner is reached at: the verified one, else the one the account last proved. */
  address?: string;
  twoFactor: boolean;
}

/** The user as the security mails see them (a trigger passes its event's pool). */
export async function userSecurityFacts(
  username: string,
  userPoolId = getConfig().userPoolId,
): Promise<UserSecurityFacts | undefined> {
  let out;
  try {
    out = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return undefined;
    throw err;
  }
  const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  const email = attr('email');
  const address = attr('email_verified') === 'true' ? email : attr(`custom:${LAST_VERIFIED_EMAIL}`);
  return {
    username: out.Username ?? username,
    ...(address ? { address } : {}),
    twoFactor: (out.UserMFASettingList ?? []).length > 0,
  };
}

/** Whether the user signs in with a second factor (a trigger passes its event's pool). */
export async function hasTwoFactor(username: string, userPoolId = getConfig().userPoolId): Promise<boolean> {
  return (await userSecurityFacts(username, userPoolId))?.twoFactor ?? false;
}
