import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from '../../jwt';
import { type LocalCognito } from '../index';
import { startCognitoAlone } from './support/cognito-alone';

// Where cognito-local is more lenient than Cognito, the proxy answers as Cognito does: one verified
// address per pool (AliasExistsException, "Email and phone number as username or alias"), and a
// username that is not case-sensitive (the pool's UsernameConfiguration.CaseSensitive: false).

let stop: (() => Promise<void>) | undefined;
let cognito: LocalCognito;
let client: CognitoIdentityProviderClient;
const stamp = Date.now();

async function verifiedUser(email: string): Promise<void> {
  await client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: 'secret1' }));
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: email }));
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: cognito.userPoolId,
      Username: email,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
}

const subOf = async (username: string, password = 'secret1') => {
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      ClientId: cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  return decodeJwt(AuthenticationResult?.IdToken ?? '').payload.sub;
};

beforeAll(async () => {
  ({ cognito, client, stop } = await startCognitoAlone());
});
afterAll(() => stop?.());

it('refuses to give a second account an address another account holds verified (AliasExistsException)', async () => {
  const holder = `holder${stamp}@example.com`;
  const other = `other${stamp}@example.com`;
  await verifiedUser(holder);
  await verifiedUser(other);
  await expect(
    client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: other,
        UserAttributes: [
          { Name: 'email', Value: holder.toUpperCase() },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    ),
  ).rejects.toMatchObject({ name: 'AliasExistsException' });
  const kept = await client.send(
    new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: other }),
  );
  expect(kept.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(other);
});

it('treats usernames without regard to case: no second sign-up, and a sign-in typed in capitals is the same account', async () => {
  const email = `case${stamp}@example.com`;
  await verifiedUser(email);
  await expect(
    client.send(
      new SignUpCommand({ ClientId: cognito.clientId, Username: email.toUpperCase(), Password: 'secret2' }),
    ),
  ).rejects.toMatchObject({ name: 'UsernameExistsException' });
  expect(await subOf(email.toUpperCase())).toBe(await subOf(email));
});
