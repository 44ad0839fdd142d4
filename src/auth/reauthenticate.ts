import { accountConfig } from '../account-config';

// Checks the current password (and, for turning two-factor sign-in off, a current code) by signing in
// again, directly against Cognito's public API, without touching the session Amplify holds: a wrong
// answer leaves the user signed in. Failures are thrown as `{ name, message }` with Cognito's exception
// name, as Amplify throws them.

interface InitiateAuthAnswer {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { RefreshToken?: string };
}

async function cognitoCall<T>(target: string, body: Record<string, unknown>): Promise<T> {
  const { endpoint, region } = accountConfig.cognito;
  const url = endpoint || `https://cognito-idp.${region}.amazonaws.com/`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw { name: 'NetworkError', message: error instanceof Error ? error.message : String(error) };
  }
  if (response.ok) return (await response.json().catch(() => ({}))) as T;
  const answer = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  const name = (answer.__type ?? response.headers.get('x-amzn-errortype') ?? 'UnknownError').split('#').pop();
  throw { name: name?.split(':')[0] ?? 'UnknownError', message: answer.message ?? response.statusText };
}

const passwordSignIn = (email: string, password: string) =>
  cognitoCall<InitiateAuthAnswer>('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: accountConfig.cognito.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });

/**
 * Checks the current password (InitiateAuth USER_PASSWORD_AUTH). With two-factor sign-in on, a right
 * password is answered with the code challenge, which is left unanswered: it lapses on its own.
 */
export async function reauthenticate(email: string, password: string): Promise<void> {
  const answer = await passwordSignIn(email, password);
  await revoke(answer);
}

/**
 * Checks the password and a current authenticator code together: Cognito has no call that checks a
 * code of an active authenticator outside sign-in, so this signs in again and answers the
 * SOFTWARE_TOKEN_MFA challenge with the code. The tokens that sign-in yields are revoked at once.
 */
export async function reauthenticateWithCode(email: string, password: string, code: string): Promise<void> {
  const first = await passwordSignIn(email, password);
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
    await revoke(first);
    // Two-factor sign-in is not on (any more): nothing to check the code against.
    if (first.ChallengeName)
      throw { name: 'UnsupportedChallenge', message: `Unexpected ${first.ChallengeName}.` };
    return;
  }
  const done = await cognitoCall<InitiateAuthAnswer>('RespondToAuthChallenge', {
    ClientId: accountConfig.cognito.clientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: first.Session,
    ChallengeResponses: {
      USERNAME: first.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
      SOFTWARE_TOKEN_MFA_CODE: code,
    },
  });
  await revoke(done);
}

/** Ends the extra session a check opened (its refresh token, and the tokens issued with it). */
async function revoke(answer: InitiateAuthAnswer): Promise<void> {
  const token = answer.AuthenticationResult?.RefreshToken;
  if (!token) return;
  await cognitoCall('RevokeToken', { ClientId: accountConfig.cognito.clientId, Token: token }).catch(
    () => undefined,
  );
}
