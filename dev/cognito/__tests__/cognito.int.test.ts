import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  deleteUser,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updateUserAttributes,
} from 'aws-amplify/auth';
import type { Mail } from '../../../lambdas/lib/mail';
import { decodeJwt, remoteJwks, verifyJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { localCognitoClient } from '../setup';
import { startCognitoAlone } from './support/cognito-alone';
import { configureAmplify } from './support/amplify-in-node';

// aws-amplify v6 in Node against cognito-local behind our proxy: every flow the site uses.

describe('Cognito through the proxy with aws-amplify v6', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  const mails: Mail[] = [];
  const email = `user${Date.now()}@example.com`;
  const newEmail = `new${Date.now()}@example.com`;
  const siteUrl = 'http://127.0.0.1:8000';

  /** The code in the newest mail to `to`, after checking it carries the /auth link of `mode`. */
  function lastCode(to: string, mode: 'verifyEmail' | 'resetPassword'): string {
    const mail = [...mails].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const match = /\/auth\?mode=(\w+)&amp;oobCode=(\d{6})&amp;email=([^"&]+)/.exec(mail.html);
    expect(match?.[1]).toBe(mode);
    expect(decodeURIComponent(match?.[3] ?? '')).toBe(to);
    expect(mail.html).toContain(`${siteUrl}/auth?mode=${mode}`);
    expect(mail.text).toContain(`Your code is ${match?.[2]}`);
    return match?.[2] ?? '';
  }
  const idTokenClaims = async (forceRefresh = false) =>
    (await fetchAuthSession({ forceRefresh })).tokens?.idToken?.payload;
  const signInWith = (username: string, password: string) =>
    signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });

  beforeAll(async () => {
    ({ cognito, stop } = await startCognitoAlone({
      siteUrl,
      deliver: async (m) => void mails.push(m),
    }));
    configureAmplify(cognito);
  });
  afterAll(() => stop?.());

  it('signs up, mails a verify link, resends it, and confirms with the mailed code', async () => {
    await expect(signUp({ username: email, password: '12345' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    const result = await signUp({ username: email, password: 'secret1' });
    expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const first = lastCode(email, 'verifyEmail');

    const unconfirmed = await signInWith(email, 'secret1');
    expect(unconfirmed.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');

    const resent = await resendSignUpCode({ username: email });
    expect(resent.destination).toBe(`u***@e***`);
    const second = lastCode(email, 'verifyEmail');
    expect(mails.at(-1)?.subject).toMatch(/verify/i);
    await expect(
      confirmSignUp({ username: email, confirmationCode: first === second ? '000000' : first }),
    ).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const confirmed = await confirmSignUp({ username: email, confirmationCode: second });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('answers a wrong password and an unknown user alike with NotAuthorizedException', async () => {
    for (const [username, password] of [
      [email, 'wrong-password'],
      ['nobody@example.com', 'secret1'],
    ] as const) {
      await expect(signInWith(username, password)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });

  it('signs in with a verified email and refreshes tokens', async () => {
    const result = await signInWith(email, 'secret1');
    expect(result.isSignedIn).toBe(true);
    const claims = await idTokenClaims();
    expect(claims?.email).toBe(email);
    expect(claims?.email_verified).toBe(true);
    expect(claims?.iss).toBe(cognito.issuer);

    const before = (await fetchAuthSession()).tokens;
    const signedInAt = before?.idToken?.payload.auth_time;
    expect(signedInAt).toEqual(expect.any(Number));
    await sleep(1100); // new iat, so a new token
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens;
    expect(after?.accessToken.toString()).toBeDefined();
    expect(after?.accessToken.toString()).not.toBe(before?.accessToken.toString());
    // A refresh continues the session: auth_time stays the sign-in's, as in Cognito.
    expect(after?.idToken?.payload.iat).toBeGreaterThan(Number(signedInAt));
    expect(after?.idToken?.payload.auth_time).toBe(signedInAt);
    expect(after?.accessToken.payload.auth_time).toBe(signedInAt);
  });

  it('keeps auth_time through both refresh calls, on tokens that verify; a new sign-in moves it', async () => {
    const jwks = remoteJwks(`${cognito.endpoint}/${cognito.userPoolId}/.well-known/jwks.json`);
    const authTimes = async (result: Record<string, unknown>) => {
      const auth = result.AuthenticationResult as { IdToken: string; AccessToken: string };
      const id = await verifyJwt(auth.IdToken, jwks, { issuer: cognito.issuer });
      const access = await verifyJwt(auth.AccessToken, jwks, { issuer: cognito.issuer });
      expect(access.auth_time).toBe(id.auth_time);
      return { authTime: id.auth_time, iat: id.iat };
    };
    const first = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'secret1' },
    });
    const refreshToken = (first.AuthenticationResult as { RefreshToken: string }).RefreshToken;
    const signedIn = await authTimes(first);
    expect(signedIn.authTime).toBe(signedIn.iat);

    await sleep(1100); // tokens of a later second
    const viaGetTokens = await authTimes(
      await cognitoCall('GetTokensFromRefreshToken', {
        ClientId: cognito.clientId,
        RefreshToken: refreshToken,
      }),
    );
    const viaInitiateAuth = await authTimes(
      await cognitoCall('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    for (const refreshed of [viaGetTokens, viaInitiateAuth]) {
      expect(refreshed.iat).toBeGreaterThan(Number(signedIn.iat));
      expect(refreshed.authTime).toBe(signedIn.authTime);
    }

    const again = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: 'secret1' },
    });
    expect((await authTimes(again)).authTime).toBeGreaterThan(Number(signedIn.authTime));
    // The refresh token keeps its own session's start, whatever sign-ins came since.
    const later = await cognitoCall('GetTokensFromRefreshToken', {
      ClientId: cognito.clientId,
      RefreshToken: refreshToken,
    });
    expect((await authTimes(later)).authTime).toBe(signedIn.authTime);
    expect(decodeJwt(refreshToken).payload.iat).toBe(signedIn.authTime);
  });

  it("refuses the user's own change of email (only the BFF writes it), and verifies the BFF's", async () => {
    await expect(updateUserAttributes({ userAttributes: { email: newEmail } })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    expect(await idTokenClaims(true)).toMatchObject({ email, email_verified: true });
    const client = localCognitoClient(cognito.endpoint);
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    client.destroy();
    expect((await idTokenClaims(true))?.email_verified).toBe(false);
    const code = lastCode(newEmail, 'verifyEmail');
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    expect((await fetchUserAttributes()).email_verified).toBe('true');
    expect(await idTokenClaims(true)).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('mails the code to the new address when an admin changes the email (as the BFF does)', async () => {
    const adminEmail = `admin${Date.now()}@example.com`;
    const client = localCognitoClient(cognito.endpoint);
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: newEmail,
        UserAttributes: [
          { Name: 'email', Value: adminEmail },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    const code = lastCode(adminEmail, 'verifyEmail');
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    // Back to the address the next tests use.
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: adminEmail,
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    client.destroy();
    expect(await idTokenClaims(true)).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('lets an admin set email_verified alone, as Cognito does, without mailing anything', async () => {
    const client = localCognitoClient(cognito.endpoint);
    const setVerified = (value: string, more: { Name: string; Value: string }[] = []) =>
      client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: cognito.userPoolId,
          Username: newEmail,
          UserAttributes: [{ Name: 'email_verified', Value: value }, ...more],
        }),
      );
    const mailsBefore = mails.length;
    try {
      await setVerified('false', [{ Name: 'name', Value: 'Ada' }]);
      expect(await fetchUserAttributes()).toMatchObject({ email: newEmail, name: 'Ada' });
      expect((await fetchUserAttributes()).email_verified).not.toBe('true');
      expect(await idTokenClaims(true)).toMatchObject({ email: newEmail, email_verified: false });

      await setVerified('true');
      expect(await fetchUserAttributes()).toMatchObject({ email: newEmail, email_verified: 'true' });
      expect(await idTokenClaims(true)).toMatchObject({ email: newEmail, email_verified: true });
      expect(mails.length).toBe(mailsBefore);

      await expect(
        client.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: cognito.userPoolId,
            Username: 'nobody@example.com',
            UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
          }),
        ),
      ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    } finally {
      client.destroy();
    }
  });

  it('resets the password with the mailed code', async () => {
    await signOut();
    const unknown = await resetPassword({ username: 'nobody@example.com' });
    expect(unknown.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');

    await resetPassword({ username: newEmail });
    const code = lastCode(newEmail, 'resetPassword');
    expect(mails.at(-1)?.subject).toMatch(/reset/i);
    await confirmResetPassword({ username: newEmail, confirmationCode: code, newPassword: 'secret2' });
    await expect(signInWith(newEmail, 'secret1')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await signInWith(newEmail, 'secret2')).isSignedIn).toBe(true);
  });

  it('revokes refresh tokens on global sign-out', async () => {
    const tokens = (await fetchAuthSession()).tokens;
    expect(tokens).toBeDefined();
    const refreshBody = JSON.stringify({
      ClientId: cognito.clientId,
      RefreshToken: await storedRefreshToken(),
    });
    await signOut({ global: true });
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: refreshBody,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('AdminResetUserPassword voids the password (RESET_REQUIRED) and mails a code that sets a new one', async () => {
    const client = localCognitoClient(cognito.endpoint);
    try {
      await client.send(
        new AdminResetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: newEmail }),
      );
      const user = await client.send(
        new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: newEmail }),
      );
      expect(user.UserStatus).toBe('RESET_REQUIRED');
      // Amplify turns Cognito's PasswordResetRequiredException into this step, whatever the password.
      for (const password of ['secret2', 'wrong-one']) {
        expect(await signInWith(newEmail, password)).toMatchObject({
          isSignedIn: false,
          nextStep: { signInStep: 'RESET_PASSWORD' },
        });
      }
      const code = lastCode(newEmail, 'resetPassword');
      await confirmResetPassword({ username: newEmail, confirmationCode: code, newPassword: 'secret3' });
      expect(
        (await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: newEmail })))
          .UserStatus,
      ).toBe('CONFIRMED');
      expect((await signInWith(newEmail, 'secret3')).isSignedIn).toBe(true);
      await signOut();
    } finally {
      client.destroy();
    }
  });

  it("refuses DeleteUser with the user's own token as the pool's web ACL does, and the user stays", async () => {
    expect((await signInWith(newEmail, 'secret3')).isSignedIn).toBe(true);
    const blocked = { name: 'ForbiddenException', message: 'Request not allowed due to WAF block.' };
    await expect(deleteUser()).rejects.toMatchObject(blocked);
    await signOut();
    expect((await signInWith(newEmail, 'secret3')).isSignedIn).toBe(true);
  });

  it('answers an unsupported call with a 400, not a 500', async () => {
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListDevices',
      },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  /** A Cognito API call straight to the proxy; the answer must be a 200. */
  async function cognitoCall(
    target: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    expect({ target, status: res.status, error: answer.__type }).toEqual({
      target,
      status: 200,
      error: undefined,
    });
    return answer;
  }

  // The refresh token Amplify keeps, read back from its storage through a fresh session.
  async function storedRefreshToken(): Promise<string> {
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: newEmail, PASSWORD: 'secret2' },
      }),
    });
    const body = (await res.json()) as { AuthenticationResult: { RefreshToken: string } };
    return body.AuthenticationResult.RefreshToken;
  }
});
