import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { decodeJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { ensureVerifiedUser } from '../setup';
import { TRIGGER_FUNCTIONS } from '../../lambda-invoke';
import { startCognitoAlone } from './support/cognito-alone';

// Authenticator-app MFA through the local Cognito, called with the AWS SDK as a client (the site, the
// desktop application) calls Cognito: associate, verify, prefer, then the SOFTWARE_TOKEN_MFA challenge.

const PASSWORD = 'secret-123';
const THREE_MINUTES = 3 * 60_000;

/** The code an authenticator app shows now for this secret. */
const codeFor = (secret: string) => generateSync({ secret });
/** A code no window around now accepts. */
function wrongCodeFor(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-60, -30, 0, 30, 60].map((d) => generateSync({ secret, epoch: now + d })));
  for (let n = 0; ; n += 1) {
    const candidate = String((Number(codeFor(secret)) + 111_111 + n) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

describe('authenticator-app MFA in the local Cognito, as AWS answers it', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;
  /** How far the challenge sessions' clock is ahead of the real one. */
  let clockAhead = 0;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone({
      functions: TRIGGER_FUNCTIONS,
      challengeSessions: { now: () => Date.now() + clockAhead },
    }));
  });
  afterAll(() => stop?.());

  const newUser = async (tag: string) => {
    const email = `${tag}-${Date.now()}@example.com`;
    await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, email, PASSWORD);
    return email;
  };
  const initiate = (email: string, password = PASSWORD) =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const answer = (session: string | undefined, username: string, code: string) =>
    client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
  /** A user with MFA on, as /profile leaves it: associated, verified, preferred. */
  const userWithMfa = async (tag: string) => {
    const email = await newUser(tag);
    const accessToken = (await initiate(email)).AuthenticationResult?.AccessToken;
    const { SecretCode = '' } = await client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    await client.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: codeFor(SecretCode) }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { email, secret: SecretCode, accessToken };
  };

  it('associates, verifies (a wrong code refused), and turns MFA on only with SetUserMFAPreference', async () => {
    const email = await newUser('mfa-setup');
    const first = await initiate(email);
    const accessToken = first.AuthenticationResult?.AccessToken;
    expect(accessToken).toBeDefined();

    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{16,}$/);
    const secret = SecretCode ?? '';

    await expect(
      client.send(
        new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: wrongCodeFor(secret) }),
      ),
    ).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
      message: 'Code mismatch and fail enable Software Token MFA',
    });
    await expect(
      client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: '12345' })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    // Nothing can be preferred before the token is verified.
    await expect(
      client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: accessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });

    const verified = await client.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: codeFor(secret) }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // Verified is not yet on: no MFA settings, and sign-in still gives tokens at once.
    const between = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(between.UserMFASettingList).toBeUndefined();
    expect((await initiate(email)).AuthenticationResult?.IdToken).toBeDefined();

    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const on = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(on.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(on.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('signs in with the challenge: a wrong code refused, the right one gives tokens, once', async () => {
    const { email, secret } = await userWithMfa('mfa-signin');
    await expect(initiate(email, 'wrong-password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const challenge = await initiate(email);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);
    const username = challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? '';
    expect(username).not.toBe('');

    await expect(answer(challenge.Session, username, wrongCodeFor(secret))).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    // A mistyped code can be typed again in the same session. The sign-in is complete (auth_time)
    // when the code is accepted, not at the password step (a second earlier here).
    const passwordStep = Math.floor(Date.now() / 1000);
    await sleep(1100);
    const done = await answer(challenge.Session, username, codeFor(secret));
    expect(done.AuthenticationResult?.AccessToken).toBeDefined();
    expect(done.AuthenticationResult?.IdToken).toBeDefined();
    expect(done.AuthenticationResult?.RefreshToken).toBeDefined();
    const authTime = (token: string | undefined) => decodeJwt(token ?? '').payload.auth_time;
    const signedInAt = authTime(done.AuthenticationResult?.IdToken);
    expect(signedInAt).toBeGreaterThan(passwordStep);
    // A refresh (no code asked) continues that sign-in.
    await sleep(1100);
    const refreshed = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: done.AuthenticationResult?.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).not.toBe(done.AuthenticationResult?.IdToken);
    expect(authTime(refreshed.AuthenticationResult?.IdToken)).toBe(signedInAt);
    expect(authTime(refreshed.AuthenticationResult?.AccessToken)).toBe(signedInAt);
    const me = await client.send(new GetUserCommand({ AccessToken: done.AuthenticationResult?.AccessToken }));
    expect(me.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);

    await expect(answer(challenge.Session, username, codeFor(secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
    // The email as USERNAME is accepted too, as with Cognito's aliases.
    const again = await initiate(email);
    expect((await answer(again.Session, email, codeFor(secret))).AuthenticationResult).toBeDefined();
  });

  it('refuses an expired session (3 minutes), and a session after three wrong codes', async () => {
    const { email, secret } = await userWithMfa('mfa-expiry');
    const challenge = await initiate(email);
    const username = challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? '';
    clockAhead = THREE_MINUTES;
    try {
      await expect(answer(challenge.Session, username, codeFor(secret))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    } finally {
      clockAhead = 0;
    }

    const guessed = await initiate(email);
    for (let i = 0; i < 3; i += 1) {
      await expect(answer(guessed.Session, username, wrongCodeFor(secret))).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await expect(answer(guessed.Session, username, codeFor(secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('takes no answer without the password step: made-up sessions, or another user named', async () => {
    const victim = await userWithMfa('mfa-victim');
    const attacker = await userWithMfa('mfa-attacker');
    const victimName = (await initiate(victim.email)).ChallengeParameters?.USER_ID_FOR_SRP ?? '';

    // cognito-local's own sessions are UUIDs it never checks.
    await expect(answer(crypto.randomUUID(), victimName, codeFor(victim.secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
    // The attacker's own session, answered for the victim.
    const own = await initiate(attacker.email);
    await expect(answer(own.Session, victimName, codeFor(victim.secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // Nor any other challenge (NEW_PASSWORD_REQUIRED would set the victim's password).
    await expect(
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: cognito.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: crypto.randomUUID(),
          ChallengeResponses: { USERNAME: victim.email, NEW_PASSWORD: 'taken-over' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await initiate(victim.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('turns MFA off with SetUserMFAPreference: sign-in gives tokens again', async () => {
    const { email, accessToken } = await userWithMfa('mfa-off');
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const off = await client.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(off.UserMFASettingList).toBeUndefined();
    expect(off.PreferredMfaSetting).toBeUndefined();
    expect((await initiate(email)).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('lets support turn it off for a user who lost the phone (AdminSetUserMFAPreference)', async () => {
    const { email } = await userWithMfa('mfa-lost');
    const before = await client.send(
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }),
    );
    expect(before.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    await client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const after = await client.send(
      new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }),
    );
    expect(after.UserMFASettingList).toBeUndefined();
    expect((await initiate(email)).AuthenticationResult?.IdToken).toBeDefined();
    await expect(
      client.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'nobody@example.com',
          SoftwareTokenMfaSettings: { Enabled: false },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});
