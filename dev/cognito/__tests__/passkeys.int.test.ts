import {
  AssociateSoftwareTokenCommand,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { decodeJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { startCognitoAlone } from './support/cognito-alone';
import { SoftwareAuthenticator } from './support/software-authenticator';
import { passkeyCalls, PASSWORD, refusal, SITE } from './support/passkey-calls';

// Passkeys in the local Cognito, called with the AWS SDK as a client (the site, through aws-amplify v6)
// calls Cognito: register, list, sign in with USER_AUTH and the WEB_AUTHN challenge, refresh, delete,
// and a second factor after the passkey. The passkey is a software authenticator
// (support/software-authenticator.ts); what Cognito refuses is in passkey-refusals.int.test.ts.

describe('passkeys in the local Cognito, as AWS answers them', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone({ passkeys: true }));
  });
  afterAll(() => stop?.());

  const { newUser, start, register, list, userAuth, answerWebAuthn, passkeySignIn } = passkeyCalls(() => ({
    cognito,
    client,
  }));

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
});
