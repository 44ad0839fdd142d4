import {
  CognitoIdentityProviderClient,
  DeleteUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Cmd, expectThat } from './command';
import type { Model } from './model';
import type { World } from './world';

// What a person can send straight to Cognito with their own tokens, bypassing the site: deleting
// their own user with the access token (which would leave the subscription charging an account that
// no longer exists) is refused; the account goes through delete-customer only.

function cognito(w: World) {
  return new CognitoIdentityProviderClient({
    region: w.bff.info.region,
    endpoint: w.bff.info.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export class CognitoDeleteUser extends Cmd {
  name = 'Cognito DeleteUser with own token';
  args = () => '';
  allowed = (m: Readonly<Model>) => !m.deleted;
  async act(_m: Model, w: World) {
    const client = cognito(w);
    try {
      const auth = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: w.bff.info.clientId,
          AuthParameters: { USERNAME: w.owner.email, PASSWORD: w.owner.password },
        }),
      );
      let status = 200;
      try {
        await client.send(new DeleteUserCommand({ AccessToken: auth.AuthenticationResult?.AccessToken }));
      } catch (err) {
        status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
      }
      w.log.push(`Cognito DeleteUser -> ${status}`);
      expectThat(
        status === 403,
        `Cognito DeleteUser with the user's own access token answered ${status}, not 403`,
      );
    } finally {
      client.destroy();
    }
  }
}
