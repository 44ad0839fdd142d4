import { readFile, writeFile } from 'node:fs/promises';
import {
  AddCustomAttributesCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  SetUserPoolMfaConfigCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_WRITE_ATTRIBUTES } from '../../cdk/lib/client-attributes';
import { LAST_VERIFIED_EMAIL } from '../../lambdas/lib/cognito-attributes';
import { ownCredentials, type Credentials } from '../iam/policy';

// Creates the user pool and app client with the production settings on first start, and keeps their
// ids in a file so later starts (and the built site, which embeds them) reuse the same ones.

export interface CognitoIds {
  userPoolId: string;
  clientId: string;
}

/** The stack's own Cognito client: the admin's keys by default (ownCredentials), as for DynamoDB. */
export function localCognitoClient(
  endpoint: string,
  credentials: Credentials = ownCredentials(),
): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials });
}

/** The app client's settings as CDK sets them (cdk/lib/auth.ts), for CreateUserPoolClient and updates. */
const CLIENT_SETTINGS = {
  ClientName: 'stockbench-web',
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  PreventUserExistenceErrors: 'ENABLED',
  EnableTokenRevocation: true,
  WriteAttributes: [...CLIENT_WRITE_ATTRIBUTES],
  // cognito-local ignores it; the proxy's challenge sessions last the same 3 minutes.
  AuthSessionValidity: 3,
  // As CDK's client: access tokens as short as Cognito allows, ID tokens an hour.
  AccessTokenValidity: 5,
  IdTokenValidity: 60,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes' },
} as const;

const CUSTOM_ATTRIBUTES = [
  { Name: LAST_VERIFIED_EMAIL, AttributeDataType: 'String', Mutable: true },
] as const;

/** A pool made by an earlier version gets today's custom attributes, as CDK adds them to a deployed pool. */
async function ensureCustomAttributes(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  const have = new Set((UserPool?.SchemaAttributes ?? []).map((a) => a.Name));
  const missing = CUSTOM_ATTRIBUTES.filter((a) => !have.has(`custom:${a.Name}`));
  if (missing.length)
    await client.send(
      new AddCustomAttributesCommand({ UserPoolId: userPoolId, CustomAttributes: [...missing] }),
    );
}

export async function ensureUserPool(endpoint: string, idsFile: string): Promise<CognitoIds> {
  const client = localCognitoClient(endpoint);
  try {
    const saved = await readIds(idsFile);
    const existing = saved && (await describeClient(client, saved));
    if (saved && existing) {
      // A pool made by an earlier version: its client gets today's settings (e.g. email not writable).
      const write = [...(existing.WriteAttributes ?? [])].sort().join();
      const lifetimes = existing.AccessTokenValidity === CLIENT_SETTINGS.AccessTokenValidity;
      if (write !== [...CLIENT_WRITE_ATTRIBUTES].sort().join() || !lifetimes) {
        await client.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: saved.userPoolId,
            ClientId: saved.clientId,
            ...CLIENT_SETTINGS,
            ExplicitAuthFlows: [...CLIENT_SETTINGS.ExplicitAuthFlows],
            WriteAttributes: [...CLIENT_SETTINGS.WriteAttributes],
          }),
        );
      }
      await allowAuthenticatorApps(client, saved.userPoolId);
      await ensureCustomAttributes(client, saved.userPoolId);
      return saved;
    }

    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'stockbench',
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        MfaConfiguration: 'OPTIONAL',
        Schema: [...CUSTOM_ATTRIBUTES],
      }),
    );
    const userPoolId = UserPool?.Id;
    if (!userPoolId) throw new Error('CreateUserPool returned no id');
    await allowAuthenticatorApps(client, userPoolId);
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        GenerateSecret: false,
        ...CLIENT_SETTINGS,
        ExplicitAuthFlows: [...CLIENT_SETTINGS.ExplicitAuthFlows],
        WriteAttributes: [...CLIENT_SETTINGS.WriteAttributes],
      }),
    );
    const clientId = UserPoolClient?.ClientId;
    if (!clientId) throw new Error('CreateUserPoolClient returned no id');
    const ids = { userPoolId, clientId };
    await writeFile(idsFile, JSON.stringify(ids, null, 2));
    return ids;
  } finally {
    client.destroy();
  }
}

/** Creates a confirmed user with a verified email unless it exists. Returns true when it was created. */
export async function ensureVerifiedUser(
  endpoint: string,
  userPoolId: string,
  email: string,
  password: string,
): Promise<boolean> {
  const client = localCognitoClient(endpoint);
  try {
    try {
      await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
      return false;
    } catch (error) {
      if (!(error instanceof UserNotFoundException)) throw error;
    }
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    return true;
  } finally {
    client.destroy();
  }
}

/** MFA optional, by authenticator app only (no SMS), as the CDK pool; also for pools made before it. */
async function allowAuthenticatorApps(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

async function readIds(file: string): Promise<CognitoIds | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CognitoIds;
  } catch {
    return undefined;
  }
}

async function describeClient(client: CognitoIdentityProviderClient, ids: CognitoIds) {
  try {
    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.clientId }),
    );
    return UserPoolClient;
  } catch {
    return undefined;
  }
}
