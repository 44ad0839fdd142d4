import path from 'node:path';
import {
  CompleteWebAuthnRegistrationCommand,
  CreateUserPoolClientCommand,
  DeleteWebAuthnCredentialCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  StartWebAuthnRegistrationCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT } from 'jose';
import { decodeJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { PASSKEY_TOKENS_TARGET, REGISTRATION_TTL_MS } from '../passkey-settings';
import { signingKeyObject } from '../signing-key';
import { startCognitoAlone } from './support/cognito-alone';
import { SoftwareAuthenticator } from './support/software-authenticator';
import { passkeyCalls, PASSWORD, refusal, SITE } from './support/passkey-calls';

// Passkeys in the local Cognito, called with the AWS SDK as a client (the site, through aws-amplify v6)
// calls Cognito: each refusal Cognito makes, and the pool as deployed while passkeys are off. The
// passkey is a software authenticator (support/software-authenticator.ts).

describe('passkeys in the local Cognito: what Cognito refuses', () => {
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

  const { newUser, start, register, list, userAuth, answerWebAuthn } = passkeyCalls(() => ({
    cognito,
    client,
  }));

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

describe('the pool as deployed until passkeys are turned on', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone());
  });
  afterAll(() => stop?.());

  it('registers no passkey, however valid the access token (a stolen one cannot add a way in)', async () => {
    const { accessToken } = await passkeyCalls(() => ({ cognito, client })).newUser('off');
    expect(accessToken).not.toBe('');
    await expect(
      client.send(new StartWebAuthnRegistrationCommand({ AccessToken: accessToken })),
    ).rejects.toMatchObject({ name: 'WebAuthnNotEnabledException' });
  });
});
