import {
  CognitoIdentityProviderClient,
  DeleteUserCommand,
  GetUserCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Cmd, expectThat } from './command';
import type { Model } from './model';
import type { World } from './world';

// What a person can send straight to Cognito with their own tokens, bypassing the site: deleting
// their own user with the access token (which would leave the subscription charging an account that
// no longer exists) is refused, the account goes through delete-customer only; changing their own
// address (which would leave the account's mails, Stripe and the licenses on the old one) is refused,
// the address changes through update-email only.

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;

/** The owner's access token, from a sign-in straight at Cognito. */
async function accessToken(client: CognitoIdentityProviderClient, w: World): Promise<string | undefined> {
  const auth = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: w.bff.info.clientId,
      AuthParameters: { USERNAME: w.owner.email, PASSWORD: w.owner.password },
    }),
  );
  return auth.AuthenticationResult?.AccessToken;
}

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
      const token = await accessToken(client, w);
      let status = 200;
      try {
        await client.send(new DeleteUserCommand({ AccessToken: token }));
      } catch (err) {
        status = statusOf(err);
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

export class CognitoChangeEmail extends Cmd {
  name = 'Cognito UpdateUserAttributes email with own token';
  args = () => '';
  allowed = (m: Readonly<Model>) => !m.deleted;
  async act(_m: Model, w: World) {
    const client = cognito(w);
    try {
      const token = await accessToken(client, w);
      const email = `moved-${w.runId}@example.com`;
      let code = 'accepted';
      try {
        await client.send(
          new UpdateUserAttributesCommand({
            AccessToken: token,
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        );
      } catch (err) {
        code = `${statusOf(err)} ${(err as Error).name}`;
      }
      w.log.push(`Cognito UpdateUserAttributes email -> ${code}`);
      expectThat(
        code === '400 NotAuthorizedException',
        `Cognito UpdateUserAttributes email with the user's own access token answered ${code}, not 400 NotAuthorizedException`,
      );
      const user = await client.send(new GetUserCommand({ AccessToken: token }));
      const now = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
      expectThat(now === w.owner.email, `the user's address is ${String(now)} after the refusal`);
    } finally {
      client.destroy();
    }
  }
}
