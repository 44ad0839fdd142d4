import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from '../../jwt';
import { startLambdaInvoke, TRIGGER_FUNCTIONS, type LambdaInvokeServer } from '../../lambda-invoke';
import { freePort } from '../../ports';
import { startCognito, type LocalCognito } from '../index';
import { localCognitoClient } from '../setup';

// Where cognito-local is more lenient than Cognito, the proxy answers as Cognito does: one verified
// address per pool (AliasExistsException, "Email and phone number as username or alias"), and a
// username that is not case-sensitive (the pool's UsernameConfiguration.CaseSensitive: false).

let dir: string;
let lambda: LambdaInvokeServer;
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
  process.env.SITE_URL = 'http://127.0.0.1:8000';
  dir = await mkdtemp(path.join(os.tmpdir(), 'sb-cognito-strict-'));
  const { 'post-confirmation': _sessions, ...functions } = TRIGGER_FUNCTIONS;
  lambda = await startLambdaInvoke({ port: 0, functions, deliver: async () => undefined });
  cognito = await startCognito({
    dataDir: dir,
    port: 0,
    upstreamPort: await freePort(),
    lambdaEndpoint: lambda.url,
    lambdaCredentials: lambda.cognitoCredentials,
    messageHookUrl: lambda.messageHookUrl,
  });
  client = localCognitoClient(cognito.endpoint);
});
afterAll(async () => {
  client?.destroy();
  await cognito?.stop();
  await lambda?.stop();
  await rm(dir, { recursive: true, force: true });
});

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
