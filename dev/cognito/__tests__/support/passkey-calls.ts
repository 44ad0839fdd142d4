import {
  CompleteWebAuthnRegistrationCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  StartWebAuthnRegistrationCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalCognito } from '../../index';
import { ensureVerifiedUser } from '../../setup';
import type { Ceremony, SoftwareAuthenticator } from './software-authenticator';

// The passkey calls a client makes to Cognito (the site through aws-amplify v6 makes the same), for the
// passkey tests: a signed-in user, registration, the list, and a USER_AUTH sign-in with the passkey.

export const PASSWORD = 'secret-123';
/** The local site as the browser names it (the local relying party is localhost). */
export const SITE: Ceremony = { origin: 'http://localhost:8000' };

/** The error's name, or 'accepted': what Cognito answered, in one word. */
export const refusal = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'accepted',
    (error: Error) => `${error.name}`,
  );

/** The calls against the stack `current()` answers (read at each call: it starts in beforeAll). */
export function passkeyCalls(
  current: () => { cognito: LocalCognito; client: CognitoIdentityProviderClient },
) {
  const newUser = async (tag: string) => {
    const { cognito, client } = current();
    const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
    await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, email, PASSWORD);
    const signIn = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    return { email, accessToken: signIn.AuthenticationResult?.AccessToken ?? '' };
  };
  const start = async (accessToken: string) => {
    const { CredentialCreationOptions } = await current().client.send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    return CredentialCreationOptions as { challenge: string; rp: { id: string }; user: { id: string } };
  };
  const register = async (accessToken: string, authenticator: SoftwareAuthenticator, ceremony = SITE) => {
    const options = await start(accessToken);
    await current().client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: authenticator.create(options, ceremony),
      }),
    );
  };
  const list = async (accessToken: string, page: { MaxResults?: number; NextToken?: string } = {}) =>
    current().client.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, ...page }));
  const userAuth = (email: string, preferred?: string) =>
    current().client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: current().cognito.clientId,
        AuthParameters: { USERNAME: email, ...(preferred && { PREFERRED_CHALLENGE: preferred }) },
      }),
    );
  const answerWebAuthn = (email: string, session: string | undefined, credential: string) =>
    current().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: current().cognito.clientId,
        ChallengeName: 'WEB_AUTHN',
        Session: session,
        ChallengeResponses: { USERNAME: email, CREDENTIAL: credential },
      }),
    );
  /** Amplify's signIn with USER_AUTH and the WEB_AUTHN preference: the challenge, then the passkey's answer. */
  const passkeySignIn = async (email: string, authenticator: SoftwareAuthenticator, ceremony = SITE) => {
    const challenge = await userAuth(email, 'WEB_AUTHN');
    if (challenge.ChallengeName !== 'WEB_AUTHN') throw new Error(`challenge ${challenge.ChallengeName}`);
    const options = JSON.parse(challenge.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
      challenge: string;
    };
    return answerWebAuthn(email, challenge.Session, authenticator.get(options, ceremony));
  };
  return { newUser, start, register, list, userAuth, answerWebAuthn, passkeySignIn };
}
