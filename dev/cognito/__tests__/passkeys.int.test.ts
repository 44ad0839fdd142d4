import path from 'node:path';
import {
  AssociateSoftwareTokenCommand,
  CompleteWebAuthnRegistrationCommand,
  CreateUserPoolClientCommand,
  DeleteWebAuthnCredentialCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  StartWebAuthnRegistrationCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  deleteWebAuthnCredential,
  fetchAuthSession,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger } from 'aws-amplify/utils';
import { SignJWT } from 'jose';
import { generateSync } from 'otplib';
import { decodeJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { PASSKEY_TOKENS_TARGET, REGISTRATION_TTL_MS } from '../passkey-settings';
import { ensureVerifiedUser } from '../setup';
import { signingKeyObject } from '../signing-key';
import { startCognitoAlone } from './support/cognito-alone';
import { MemoryStorage } from './support/memory-storage';
import { SoftwareAuthenticator, type Ceremony } from './support/software-authenticator';

// Passkeys in the local Cognito, called with the AWS SDK as a client (the site, through aws-amplify v6)
// calls Cognito: register, list, sign in with USER_AUTH and the WEB_AUTHN challenge, refresh, delete,
// and each refusal Cognito makes. The passkey is a software authenticator (support/software-authenticator.ts).

const PASSWORD = 'secret-123';
/** The local site as the browser names it (the local relying party is localhost). */
const SITE: Ceremony = { origin: 'http://localhost:8000' };

describe('passkeys in the local Cognito, as AWS answers them', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;
  let dir: string;
  /** How far the proxy's challenge clock is ahead of the real one (tests move it instead of waiting). */
  let clockAhead = 0;

  beforeAll(async () => {
    ({ cognito, client, stop, dir } = await startCognitoAlone({
      passkeys: true,
      challengeSessions: { now: () => Date.now() + clockAhead },
    }));
  });
  afterAll(() => stop?.());
  afterEach(() => {
    clockAhead = 0;
  });

  const newUser = async (tag: string) => {
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
    const { CredentialCreationOptions } = await client.send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    return CredentialCreationOptions as { challenge: string; rp: { id: string }; user: { id: string } };
  };
  const register = async (accessToken: string, authenticator: SoftwareAuthenticator, ceremony = SITE) => {
    const options = await start(accessToken);
    await client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: authenticator.create(options, ceremony),
      }),
    );
  };
  const list = async (accessToken: string, page: { MaxResults?: number; NextToken?: string } = {}) =>
    client.send(new ListWebAuthnCredentialsCommand({ AccessToken: accessToken, ...page }));
  const userAuth = (email: string, preferred?: string) =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, ...(preferred && { PREFERRED_CHALLENGE: preferred }) },
      }),
    );
  const answerWebAuthn = (email: string, session: string | undefined, credential: string) =>
    client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'WEB_AUTHN',
        Session: session,
        ChallengeResponses: { USERNAME: email, CREDENTIAL: credential },
      }),
    );
  /** Amplify's signIn with USER_AUTH and the WEB_AUTHN preference: the challenge, then the passkey's answer. */
  const passkeySignIn = async (email: string, authenticator: SoftwareAuthenticator, ceremony = SITE) => {
    const challenge = await userAuth(email, 'WEB_AUTHN');
    expect(challenge.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(challenge.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
      challenge: string;
    };
    return answerWebAuthn(email, challenge.Session, authenticator.get(options, ceremony));
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: Error) => `${error.name}`,
    );

  it('registers a passkey, lists it, signs in with it, refreshes, and deletes it', async () => {
    const { email, accessToken } = await newUser('passkey');
    const authenticator = new SoftwareAuthenticator();
    const options = await start(accessToken);
    expect(options.rp.id).toBe('localhost');
    expect(options).toMatchObject({
      authenticatorSelection: { userVerification: 'required', residentKey: 'required' },
      user: { name: email },
    });
    await client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: authenticator.create(options, SITE),
      }),
    );

    const { Credentials = [] } = await list(accessToken);
    expect(Credentials).toEqual([
      expect.objectContaining({
        CredentialId: authenticator.id,
        FriendlyCredentialName: 'Passkey',
        RelyingPartyId: 'localhost',
        AuthenticatorAttachment: 'platform',
        AuthenticatorTransports: ['internal'],
      }),
    ]);
    expect(Math.abs((Credentials[0]?.CreatedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    const before = Math.floor(Date.now() / 1000);
    const signedIn = await passkeySignIn(email, authenticator);
    const tokens = signedIn.AuthenticationResult;
    expect(tokens?.RefreshToken).toBeTruthy();
    const idToken = decodeJwt(tokens?.IdToken ?? '').payload;
    expect(idToken.email).toBe(email);
    expect(idToken.auth_time).toBeGreaterThanOrEqual(before);

    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: cognito.clientId,
        RefreshToken: tokens?.RefreshToken,
      }),
    );
    const refreshedId = decodeJwt(refreshed.AuthenticationResult?.IdToken ?? '').payload;
    expect(refreshedId.sub).toBe(idToken.sub);
    expect(refreshedId.auth_time).toBe(idToken.auth_time);

    await client.send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: authenticator.id }),
    );
    expect((await list(accessToken)).Credentials).toEqual([]);
    // Without a passkey the preference gives way to the choices left: never a passkey prompt.
    const after = await userAuth(email, 'WEB_AUTHN');
    expect(after).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['PASSWORD'] });
  });

  it('never leaves a user without a passkey on a passkey challenge; the password goes through USER_AUTH', async () => {
    const { email } = await newUser('no-passkey');
    const offered = await userAuth(email, 'WEB_AUTHN');
    expect(offered).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['PASSWORD'] });
    const chosen = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'SELECT_CHALLENGE',
        Session: offered.Session,
        ChallengeResponses: { USERNAME: email, ANSWER: 'PASSWORD', PASSWORD },
      }),
    );
    expect(chosen.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(
      await refusal(
        client.send(
          new RespondToAuthChallengeCommand({
            ClientId: cognito.clientId,
            ChallengeName: 'SELECT_CHALLENGE',
            Session: offered.Session,
            ChallengeResponses: { USERNAME: email, ANSWER: 'WEB_AUTHN' },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException');

    // Amplify's PREFERRED_CHALLENGE PASSWORD sends the password along: tokens at once, or a wrong password refused.
    const direct = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
      }),
    );
    expect(direct.AuthenticationResult?.IdToken).toBeTruthy();
    const wrong = client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: 'not-it-1' },
      }),
    );
    expect(await refusal(wrong)).toBe('NotAuthorizedException');

    // An unknown address gets what a known one without a passkey gets (prevent user existence errors).
    const unknown = await userAuth(`nobody-${Date.now()}@example.com`, 'WEB_AUTHN');
    expect(unknown).toMatchObject({ ChallengeName: 'SELECT_CHALLENGE', AvailableChallenges: ['PASSWORD'] });
  });

  it('offers the passkey among the choices once the user has one, and the choice leads to its challenge', async () => {
    const { email, accessToken } = await newUser('choice');
    const authenticator = new SoftwareAuthenticator();
    await register(accessToken, authenticator);
    const offered = await userAuth(email);
    expect(offered).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'WEB_AUTHN'],
    });
    const challenge = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'SELECT_CHALLENGE',
        Session: offered.Session,
        ChallengeResponses: { USERNAME: email, ANSWER: 'WEB_AUTHN' },
      }),
    );
    expect(challenge.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(challenge.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
      challenge: string;
      rpId: string;
      userVerification: string;
      allowCredentials: { id: string }[];
    };
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id }],
    });
    const done = await answerWebAuthn(email, challenge.Session, authenticator.get(options, SITE));
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('asks a user with two-factor sign-in for the authenticator-app code after the passkey', async () => {
    const { email, accessToken } = await newUser('passkey-mfa');
    const authenticator = new SoftwareAuthenticator();
    await register(accessToken, authenticator);
    const { SecretCode = '' } = await client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: accessToken,
        UserCode: generateSync({ secret: SecretCode }),
      }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );

    const afterPasskey = await passkeySignIn(email, authenticator);
    expect(afterPasskey.AuthenticationResult).toBeUndefined();
    expect(afterPasskey.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: afterPasskey.Session,
        ChallengeResponses: {
          USERNAME: email,
          SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret: SecretCode }),
        },
      }),
    );
    expect(decodeJwt(done.AuthenticationResult?.IdToken ?? '').payload.email).toBe(email);
  });

  it('refuses registrations Cognito refuses', async () => {
    const { accessToken } = await newUser('refused-registration');
    const complete = (credential: unknown, token = accessToken) =>
      refusal(
        client.send(
          new CompleteWebAuthnRegistrationCommand({ AccessToken: token, Credential: credential as never }),
        ),
      );
    const authenticator = new SoftwareAuthenticator();

    expect(
      await complete(authenticator.create(await start(accessToken), { origin: 'https://evil.example' })),
    ).toBe('WebAuthnOriginNotAllowedException');
    expect(
      await complete(authenticator.create(await start(accessToken), { ...SITE, rpId: 'evil.example' })),
    ).toBe('WebAuthnRelyingPartyMismatchException');
    expect(
      await complete(authenticator.create(await start(accessToken), { ...SITE, userVerified: false })),
    ).toBe('WebAuthnCredentialNotSupportedException');
    // A challenge answers once; an answer to an older challenge finds none.
    const first = await start(accessToken);
    const second = await start(accessToken);
    expect(await complete(authenticator.create(first, SITE))).toBe('WebAuthnChallengeNotFoundException');
    const made = authenticator.create(second, SITE);
    expect(await complete(made)).toBe('accepted');
    expect(await complete(made)).toBe('WebAuthnChallengeNotFoundException');
    expect(await complete({ id: 'x' })).toBe('InvalidParameterException');
    expect((await list(accessToken)).Credentials).toHaveLength(1);

    // Signed out everywhere: the access token no longer starts, completes, lists or deletes.
    const pendingOptions = await start(accessToken);
    await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
    expect(await complete(new SoftwareAuthenticator().create(pendingOptions, SITE))).toBe(
      'NotAuthorizedException',
    );
    expect(await refusal(start(accessToken))).toBe('NotAuthorizedException');
    expect(await refusal(list(accessToken))).toBe('NotAuthorizedException');
    expect(
      await refusal(
        client.send(
          new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: authenticator.id }),
        ),
      ),
    ).toBe('NotAuthorizedException');
    expect(await refusal(start('not-a-token'))).toBe('NotAuthorizedException');
  });

  it('refuses an expired access token, an expired challenge, and a token of another app client', async () => {
    const { email, accessToken } = await newUser('expiry');
    // The same token as it will be once expired, signed with the stack's key as Cognito's own would be.
    const { header, payload } = decodeJwt(accessToken);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ ...payload, iat: hourAgo, auth_time: hourAgo, exp: hourAgo + 300 })
      .setProtectedHeader({ ...header, alg: 'RS256' })
      .sign(signingKeyObject(path.join(dir, 'signing-key.json')));
    await expect(start(expired)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });

    const authenticator = new SoftwareAuthenticator();
    const options = await start(accessToken);
    clockAhead = REGISTRATION_TTL_MS + 1000;
    await expect(
      client.send(
        new CompleteWebAuthnRegistrationCommand({
          AccessToken: accessToken,
          Credential: authenticator.create(options, SITE),
        }),
      ),
    ).rejects.toMatchObject({ name: 'WebAuthnChallengeNotFoundException' });
    clockAhead = 0;

    // A sign-in challenge lasts the auth session validity, as the MFA code's.
    await register(accessToken, authenticator);
    const challenge = await userAuth(email, 'WEB_AUTHN');
    clockAhead = 3 * 60_000 + 1000;
    const late = answerWebAuthn(
      email,
      challenge.Session,
      authenticator.get(
        JSON.parse(challenge.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
          challenge: string;
        },
        SITE,
      ),
    );
    await expect(late).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    clockAhead = 0;

    // Started with the site's client, completed with a token of another client of the pool.
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: cognito.userPoolId,
        ClientName: 'other',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const other = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: UserPoolClient?.ClientId,
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    const pending = await start(accessToken);
    await expect(
      client.send(
        new CompleteWebAuthnRegistrationCommand({
          AccessToken: other.AuthenticationResult?.AccessToken,
          Credential: new SoftwareAuthenticator().create(pending, SITE),
        }),
      ),
    ).rejects.toMatchObject({ name: 'WebAuthnClientMismatchException' });
  });

  it('holds each user to the passkey quota and pages the list', async () => {
    const { accessToken } = await newUser('quota');
    for (let n = 0; n < 20; n += 1) await register(accessToken, new SoftwareAuthenticator());
    expect(await refusal(start(accessToken))).toBe('LimitExceededException');

    const first = await list(accessToken, { MaxResults: 15 });
    expect(first.Credentials).toHaveLength(15);
    const rest = await list(accessToken, { MaxResults: 15, NextToken: first.NextToken });
    expect(rest.Credentials).toHaveLength(5);
    expect(rest.NextToken).toBeUndefined();
    const ids = new Set(
      [...(first.Credentials ?? []), ...(rest.Credentials ?? [])].map((c) => c.CredentialId),
    );
    expect(ids.size).toBe(20);
    expect(await refusal(list(accessToken, { MaxResults: 21 }))).toBe('InvalidParameterException');
    expect(await refusal(list(accessToken, { NextToken: 'forged' }))).toBe('InvalidParameterException');
  });

  it('refuses passkey sign-ins Cognito refuses', async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const alicesKey = new SoftwareAuthenticator();
    const bobsKey = new SoftwareAuthenticator();
    await register(alice.accessToken, alicesKey);
    await register(bob.accessToken, bobsKey);
    /** A fresh WEB_AUTHN challenge for Alice and its request options. */
    const challenge = async () => {
      const c = await userAuth(alice.email, 'WEB_AUTHN');
      return {
        session: c.Session,
        options: JSON.parse(c.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
          challenge: string;
        },
      };
    };
    const answer = async (sign: (options: { challenge: string }) => string) => {
      const { session, options } = await challenge();
      return refusal(answerWebAuthn(alice.email, session, sign(options)));
    };

    expect(await answer((o) => new SoftwareAuthenticator().get(o, SITE))).toBe('NotAuthorizedException');
    expect(await answer((o) => bobsKey.get(o, SITE))).toBe('NotAuthorizedException');
    expect(await answer((o) => alicesKey.get(o, { origin: 'https://evil.example' }))).toBe(
      'NotAuthorizedException',
    );
    expect(await answer((o) => alicesKey.get(o, { ...SITE, rpId: 'evil.example' }))).toBe(
      'NotAuthorizedException',
    );
    expect(await answer((o) => alicesKey.get(o, { ...SITE, userVerified: false }))).toBe(
      'NotAuthorizedException',
    );
    expect(await answer(() => 'not json')).toBe('NotAuthorizedException');

    // A replayed assertion: on its own session (used once), on a new one (another challenge), or with
    // a counter that went back (a cloned key).
    const { session, options } = await challenge();
    const assertion = alicesKey.get(options, SITE);
    expect(await refusal(answerWebAuthn(alice.email, session, assertion))).toBe('accepted');
    expect(await refusal(answerWebAuthn(alice.email, session, assertion))).toBe('NotAuthorizedException');
    expect(await answer(() => assertion)).toBe('NotAuthorizedException');
    // (Below the last accepted sign-in's counter, above the registration's: only a counter kept per sign-in catches it.)
    const cloned = alicesKey.signCount - 1;
    expect(cloned).toBeGreaterThan(1);
    expect(await answer((o) => alicesKey.get(o, { ...SITE, counter: cloned }))).toBe(
      'NotAuthorizedException',
    );
    // Alice's own key still signs her in after all that.
    expect(await answer((o) => alicesKey.get(o, SITE))).toBe('accepted');

    // Bob cannot remove Alice's passkey; nor can anyone ask the proxy for cognito-local's token target.
    expect(
      await refusal(
        client.send(
          new DeleteWebAuthnCredentialCommand({ AccessToken: bob.accessToken, CredentialId: alicesKey.id }),
        ),
      ),
    ).toBe('ResourceNotFoundException');
    expect((await list(alice.accessToken)).Credentials).toHaveLength(1);
    const forged = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${PASSKEY_TOKENS_TARGET}`,
      },
      body: JSON.stringify({ ClientId: cognito.clientId, Username: alice.email }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});

describe('choice-based sign-in and the passkey list through aws-amplify v6, as the site calls them', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone({ passkeys: true }));
    // Amplify warns once that the pool's endpoint is a custom one: here it is the local proxy on purpose.
    ConsoleLogger.LOG_LEVEL = 'ERROR';
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.clientId,
          userPoolEndpoint: cognito.endpoint,
          loginWith: { email: true },
        },
      },
    });
    cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
  });
  afterAll(async () => {
    await signOut().catch(() => undefined);
    await stop?.();
  });

  it('takes a person without a passkey from the passkey preference to their password', async () => {
    const email = `amplify-${Date.now()}@example.com`;
    await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, email, PASSWORD);
    const asked = await signIn({
      username: email,
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
    expect(asked.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['PASSWORD'],
    });
    const chosen = await confirmSignIn({ challengeResponse: 'PASSWORD' });
    expect(chosen.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_PASSWORD');
    const done = await confirmSignIn({ challengeResponse: PASSWORD });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await fetchAuthSession()).tokens?.idToken?.payload.email).toBe(email);
    await signOut();

    const direct = await signIn({
      username: email,
      password: PASSWORD,
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' },
    });
    expect(direct.isSignedIn).toBe(true);
    await signOut();
  });

  it('lists and deletes the signed-in person’s passkeys', async () => {
    const email = `amplify-list-${Date.now()}@example.com`;
    await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, email, PASSWORD);
    await signIn({ username: email, password: PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    const accessToken = (await fetchAuthSession()).tokens?.accessToken.toString() ?? '';
    const authenticator = new SoftwareAuthenticator();
    const { CredentialCreationOptions } = await client.send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    await client.send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: authenticator.create(
          CredentialCreationOptions as { challenge: string; rp: { id: string }; user: { id: string } },
          SITE,
        ),
      }),
    );

    const { credentials } = await listWebAuthnCredentials();
    expect(credentials).toEqual([
      expect.objectContaining({
        credentialId: authenticator.id,
        relyingPartyId: 'localhost',
        friendlyCredentialName: 'Passkey',
      }),
    ]);
    expect(Math.abs((credentials[0]?.createdAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await deleteWebAuthnCredential({ credentialId: authenticator.id });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);
    await signOut();
  });
});

describe('the pool as deployed until passkeys are turned on', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone());
  });
  afterAll(() => stop?.());

  it('registers no passkey, however valid the access token (a stolen one cannot add a way in)', async () => {
    const email = `off-${Date.now()}@example.com`;
    await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, email, PASSWORD);
    const signedIn = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    );
    const accessToken = signedIn.AuthenticationResult?.AccessToken ?? '';
    expect(accessToken).not.toBe('');
    await expect(
      client.send(new StartWebAuthnRegistrationCommand({ AccessToken: accessToken })),
    ).rejects.toMatchObject({ name: 'WebAuthnNotEnabledException' });
  });
});
