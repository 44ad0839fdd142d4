import type { Principal } from '../../../dev/iam/policy';
import {
  AssociateSoftwareTokenCommand,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { eventually, type Bff } from './bff';

// Sign-ins with an authenticator app against the local Cognito, as the site and the desktop application
// make them (USER_PASSWORD_AUTH, then the SOFTWARE_TOKEN_MFA challenge), for tests that play a person
// or an intruder.

/** A sign-in stopped at the code challenge: what a client holds between the two calls. */
export interface PendingSignIn {
  session: string;
  username: string;
}

/** Signs in with the password; a user with two-factor sign-in gets a pending challenge. */
export async function startSignIn(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  email: string,
  password: string,
): Promise<{ pending?: PendingSignIn; idToken?: string; accessToken?: string }> {
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && out.Session) {
    return {
      pending: { session: out.Session, username: out.ChallengeParameters?.USER_ID_FOR_SRP ?? email },
    };
  }
  return { idToken: out.AuthenticationResult?.IdToken, accessToken: out.AuthenticationResult?.AccessToken };
}

/** Answers a pending challenge with the app's current code: the ID token, or Cognito's error. */
export async function answerChallenge(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  pending: PendingSignIn,
  secret: string,
): Promise<{ idToken: string } | { error: string; message: string }> {
  try {
    const out = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: pending.session,
        ChallengeResponses: { USERNAME: pending.username, SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret }) },
      }),
    );
    return { idToken: out.AuthenticationResult?.IdToken ?? '' };
  } catch (err) {
    return err instanceof Error
      ? { error: err.name, message: err.message }
      : { error: String(err), message: '' };
  }
}

/** Turns two-factor sign-in on with a new authenticator app; answers the app's secret. */
export async function turnOnTwoFactor(
  cognito: CognitoIdentityProviderClient,
  accessToken: string,
): Promise<string> {
  const { SecretCode = '' } = await cognito.send(
    new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
  );
  await cognito.send(
    new VerifySoftwareTokenCommand({
      AccessToken: accessToken,
      UserCode: generateSync({ secret: SecretCode }),
    }),
  );
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode;
}

/** The IAM gate's principals with `action` taken from the function `name`'s grants. */
export function withoutAction(principals: readonly Principal[], name: string, action: string): Principal[] {
  return principals.map((p) =>
    p.name !== name || !p.statements
      ? p
      : {
          ...p,
          statements: p.statements
            .map((st) => ({ ...st, actions: st.actions.filter((a) => a !== action) }))
            .filter((st) => st.actions.length > 0),
        },
  );
}

/**
 * Runs `fn` while the security-events function may not call `action` (the IAM gate denies it), so the
 * CloudTrail event of the change `fn` makes fails, as if EventBridge had not delivered it yet (in AWS it
 * comes minutes later): a test of something else is not raced by a change's sign-out. The local Cognito
 * sends the event after answering, so the gate is restored only once it has refused the function.
 */
export async function holdingSecurityEvents<T>(
  bff: Bff,
  fn: () => Promise<T>,
  action = 'cognito-idp:AdminUserGlobalSignOut',
): Promise<T> {
  const before = bff.iamGate.principals();
  bff.iamGate.setPrincipals(withoutAction(before, 'security-events', action));
  let refused = false;
  const stopListening = bff.iamGate.onDecision((d) => {
    if (d.principal === 'security-events' && d.action === action && !d.allowed) refused = true;
  });
  const quiet = [jest.spyOn(console, 'warn'), jest.spyOn(console, 'error')].map((spy) =>
    spy.mockImplementation(() => undefined),
  );
  try {
    const out = await fn();
    await eventually(async () => refused);
    return out;
  } finally {
    stopListening();
    for (const spy of quiet) spy.mockRestore();
    bff.iamGate.setPrincipals(before);
  }
}

/** A whole session: ID, access and refresh tokens (what a thief copies from a browser). */
export interface Session {
  id: string;
  access: string;
  refresh: string;
}

/** A session of `user` (email, password): the password, and the app's code when `secret` is given. */
export async function sessionOf(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  user: { email: string; password: string },
  secret?: string,
): Promise<Session> {
  const result = secret
    ? await (async () => {
        const { pending } = await startSignIn(cognito, clientId, user.email, user.password);
        if (!pending) throw new Error('no code challenge');
        const out = await cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: pending.session,
            ChallengeResponses: {
              USERNAME: pending.username,
              SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret }),
            },
          }),
        );
        return out.AuthenticationResult;
      })()
    : (
        await cognito.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId,
            AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
          }),
        )
      ).AuthenticationResult;
  return {
    id: result?.IdToken ?? '',
    access: result?.AccessToken ?? '',
    refresh: result?.RefreshToken ?? '',
  };
}

/** What a refresh with `refresh` gets: 'refreshed', or Cognito's error. */
export async function refreshes(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  refresh: string,
): Promise<string> {
  try {
    await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refresh },
      }),
    );
    return 'refreshed';
  } catch (err) {
    return err instanceof Error ? err.name : String(err);
  }
}
