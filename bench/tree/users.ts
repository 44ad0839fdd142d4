import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { BenchUser } from '../scenarios/context';

// The bench's users, made in the tree's Cognito emulator itself (not through the gate): verified,
// with a password, signed in.

export function benchUsers(
  cognito: CognitoIdentityProviderClient,
  info: { clientId: string; userPoolId: string },
) {
  /** An ID token of the user and its access token (also after the BFF ended their sessions: a new sign-in is accepted). */
  const signIn = async (email: string, password: string) => {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: info.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult?.IdToken ?? '';
    const accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    return { token, uid: String(decodeJwt(token).sub), accessToken };
  };
  const newUser = async (name: string) => {
    const email = `bench-${name}-${Date.now()}-${randomBytes(2).toString('hex')}@example.com`;
    const password = 'Passw0rd!long';
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: info.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: info.userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const { token, uid } = await signIn(email, password);
    return { email, password, token, uid };
  };
  return { signIn, newUser: newUser as (name: string) => Promise<BenchUser> };
}
