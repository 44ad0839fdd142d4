import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  ConfirmForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eventually, startBff, type Bff, type User } from './bff';

// The takeover tests' stack and what they do as the owner or the intruder: sign in, refresh, read the
// mails a change sent, move an account to another address.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;

/** A stack, and a Cognito client with its admin's keys (the admin operations need SigV4 and a grant, as in AWS). */
export async function startTakeoverStack(
  opts: Parameters<typeof startBff>[0] = {},
): Promise<{ bff: Bff; cognito: CognitoIdentityProviderClient }> {
  bff = await startBff(opts);
  cognito = bff.cognitoAdmin;
  return { bff, cognito };
}

export async function stopTakeoverStack(): Promise<void> {
  await bff?.stop();
}

/** Signs in as the site and the desktop application do; answers the tokens, or Cognito's error name. */
export type SignedIn = { id: string; refresh: string } | { error: string };
export async function signIn(email: string, password: string): Promise<SignedIn> {
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return {
      id: out.AuthenticationResult?.IdToken ?? '',
      refresh: out.AuthenticationResult?.RefreshToken ?? '',
    };
  } catch (err) {
    return { error: err instanceof Error ? err.name : String(err) };
  }
}

export async function tokenOf(email: string, password: string): Promise<string> {
  const out = await signIn(email, password);
  if (!('id' in out) || !out.id) throw new Error(`cannot sign in as ${email}: ${JSON.stringify(out)}`);
  return out.id;
}

export async function refresh(refreshToken: string): Promise<string> {
  try {
    await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return 'refreshed';
  } catch (err) {
    return err instanceof Error ? err.name : String(err);
  }
}

export interface Mail {
  to: string;
  text: string;
  subject: string;
}
export const mailsTo = async (address: string): Promise<Mail[]> =>
  (await (
    await fetch(`${bff.info.outbox}/messages.json?to=${encodeURIComponent(address)}`)
  ).json()) as Mail[];

/** The mail to `address` whose subject matches, once it has arrived. */
export const mailTo = (address: string, subject: RegExp): Promise<Mail> =>
  eventually(async () => (await mailsTo(address)).find((m) => subject.test(m.subject)));

/** The recovery code mailed to `oldEmail` for its change to `newEmail`. */
export async function recoveryCodeFor(oldEmail: string, newEmail: string): Promise<string> {
  const mail = (await mailsTo(oldEmail)).find(
    (m) => m.text.includes('mode=recoverEmail') && m.text.includes(newEmail),
  );
  const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no recovery mail to ${oldEmail}`);
  return code;
}

/** The code of the newest password-reset mail to `address` (Cognito's, through the CustomMessage trigger). */
export async function resetCodeFor(address: string): Promise<string | undefined> {
  const mail = (await mailsTo(address)).find((m) => m.text.includes('mode=resetPassword'));
  return /mode=resetPassword&oobCode=([^&\s)]+)/.exec(mail?.text ?? '')?.[1];
}

/** Chooses a new password with the code of the reset mail to `address`, once it has arrived. */
export async function resetPassword(address: string, password: string): Promise<void> {
  const code = await eventually(() => resetCodeFor(address));
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: bff.info.clientId,
      Username: address,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

/** The second factors Cognito asks the user for at sign-in. */
export const twoFactorOf = async (user: User): Promise<string[]> =>
  (await cognito.send(new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid })))
    .UserMFASettingList ?? [];

export const emailOf = async (user: User) => {
  const out = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }),
  );
  const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email'), verified: attr('email_verified') === 'true', status: out.UserStatus };
};

export const licensesWith = (user: User, token: string) =>
  bff.call('GET', 'get-licenses', { user: { ...user, token }, query: { uid: user.uid } });

/** The intruder, who knows the password, moves the account to `to` and confirms that address. */
export async function intruderMoves(user: User, token: string, from: string, to: string): Promise<string> {
  const change = await bff.call('PUT', 'update-email', {
    user: { ...user, token },
    body: { uid: user.uid, oldEmail: from, newEmail: to, currentPassword: user.password },
  });
  expect(change.status).toBe(200);
  // The intruder reads the new mailbox: the address is verified (the code's effect, done directly).
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: bff.info.userPoolId,
      Username: user.uid,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
  return tokenOf(to, user.password);
}
