import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';

// Signing in as the application does: Cognito's USER_PASSWORD_AUTH flow on the site's app client, and,
// for a user with two-factor sign-in, the SOFTWARE_TOKEN_MFA challenge answered with the 6-digit code
// of their authenticator app (asked through `askCode`). The API takes the ID token.

export interface CognitoSettings {
  region: string;
  clientId: string;
  /** Only for the local stack (its Cognito stand-in); in production the region's endpoint is used. */
  endpoint?: string;
}

export interface Session {
  idToken: string;
  refreshToken?: string;
}

export class SignInError extends Error {
  constructor(
    readonly reason: 'wrong-credentials' | 'wrong-code' | 'unsupported-challenge',
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

function client(settings: CognitoSettings): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: settings.region,
    ...(settings.endpoint && {
      endpoint: settings.endpoint,
      // The local stand-in takes any credentials; Cognito's public operations need none in AWS.
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  });
}

function toSession(result: AuthenticationResultType | undefined): Session {
  if (!result?.IdToken) throw new SignInError('wrong-credentials', 'Cognito gave no ID token.');
  return { idToken: result.IdToken, ...(result.RefreshToken && { refreshToken: result.RefreshToken }) };
}

const isNotAuthorized = (error: unknown) =>
  error instanceof Error &&
  ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(error.name);

/**
 * Signs in with email and password; `askCode` is called when the user has two-factor sign-in on
 * (it answers the code their authenticator app shows).
 */
export async function signIn(
  settings: CognitoSettings,
  email: string,
  password: string,
  askCode: () => Promise<string>,
): Promise<Session> {
  const cognito = client(settings);
  try {
    const first = await cognito
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: settings.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      )
      .catch((error: unknown) => {
        if (isNotAuthorized(error))
          throw new SignInError('wrong-credentials', 'Incorrect email or password.');
        throw error;
      });
    if (!first.ChallengeName) return toSession(first.AuthenticationResult);
    if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
      throw new SignInError(
        'unsupported-challenge',
        `Sign in on the website first (${first.ChallengeName}).`,
      );
    }
    const code = await askCode();
    const second = await cognito
      .send(
        new RespondToAuthChallengeCommand({
          ClientId: settings.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: first.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      )
      .catch((error: unknown) => {
        if (
          error instanceof Error &&
          ['CodeMismatchException', 'NotAuthorizedException'].includes(error.name)
        ) {
          throw new SignInError(
            'wrong-code',
            'That code is not right. Enter the code your authenticator app shows now.',
          );
        }
        throw error;
      });
    return toSession(second.AuthenticationResult);
  } finally {
    cognito.destroy();
  }
}

/** A new ID token from the refresh token (the session, and so its sign-in time, stays the same). */
export async function refresh(settings: CognitoSettings, session: Session): Promise<Session> {
  if (!session.refreshToken) throw new SignInError('wrong-credentials', 'Sign in again.');
  const cognito = client(settings);
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: settings.clientId,
        AuthParameters: { REFRESH_TOKEN: session.refreshToken },
      }),
    );
    return { ...toSession(out.AuthenticationResult), refreshToken: session.refreshToken };
  } finally {
    cognito.destroy();
  }
}
