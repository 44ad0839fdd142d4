import {
  CompleteWebAuthnRegistrationCommand,
  StartWebAuthnRegistrationCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SoftwareAuthenticator } from '../../../dev/cognito/__tests__/support/software-authenticator';

/** The site's origin as the local Cognito's relying party expects it. */
const SITE = { origin: 'http://localhost:8000' };

/** Registers a new passkey with `access`, as the browser does: start, the authenticator, complete. */
export async function addPasskey(
  cognito: CognitoIdentityProviderClient,
  access: string,
): Promise<SoftwareAuthenticator> {
  const authenticator = new SoftwareAuthenticator();
  const { CredentialCreationOptions } = await cognito.send(
    new StartWebAuthnRegistrationCommand({ AccessToken: access }),
  );
  await cognito.send(
    new CompleteWebAuthnRegistrationCommand({
      AccessToken: access,
      Credential: authenticator.create(
        CredentialCreationOptions as { challenge: string; rp: { id: string }; user: { id: string } },
        SITE,
      ),
    }),
  );
  return authenticator;
}
