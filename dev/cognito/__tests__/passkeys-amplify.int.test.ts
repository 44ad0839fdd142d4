import {
  CompleteWebAuthnRegistrationCommand,
  StartWebAuthnRegistrationCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  confirmSignIn,
  deleteWebAuthnCredential,
  fetchAuthSession,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { type LocalCognito } from '../index';
import { ensureVerifiedUser } from '../setup';
import { startCognitoAlone } from './support/cognito-alone';
import { configureAmplify } from './support/amplify-in-node';
import { SoftwareAuthenticator } from './support/software-authenticator';
import { PASSWORD, SITE } from './support/passkey-calls';

// Choice-based sign-in and the passkey list through aws-amplify v6, as the site calls them, against the
// local Cognito with passkeys on.

describe('choice-based sign-in and the passkey list through aws-amplify v6, as the site calls them', () => {
  let stop: (() => Promise<void>) | undefined;
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    ({ cognito, client, stop } = await startCognitoAlone({ passkeys: true }));
    configureAmplify(cognito);
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
