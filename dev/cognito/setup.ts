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
  InvalidParameterException,
  type SchemaAttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { clientWriteAttributesRefusal } from '../../cdk/lib/cognito-client-rules';
import {
  CLIENT_SETTINGS as CLIENT,
  USER_POOL_SETTINGS,
  type SchemaAttribute,
} from '../../cdk/lib/user-pool-settings';
import { ownCredentials, type Credentials } from '../iam/policy';

// Creates the user pool and app client from the settings CDK deploys (cdk/lib/user-pool-settings.ts) on
// first start, and keeps their ids in a file so later starts (and the built site, which embeds them)
// reuse the same ones. A client Cognito would refuse is refused here too (cognito-local accepts it).

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

export interface PoolSettings {
  pool: { schema: readonly SchemaAttribute[] } & Omit<typeof USER_POOL_SETTINGS, 'schema'>;
  client: Omit<typeof CLIENT, 'writeAttributes'> & { writeAttributes: readonly string[] };
}

const DEPLOYED: PoolSettings = { pool: USER_POOL_SETTINGS, client: CLIENT };

/** CreateUserPool's Schema from the settings (standard attributes override Cognito's defaults). */
const schemaOf = (settings: PoolSettings): SchemaAttributeType[] =>
  settings.pool.schema.map((a) => ({
    Name: a.name,
    AttributeDataType: 'String',
    Required: a.required,
    Mutable: a.mutable,
    ...(a.maxLength !== undefined && { StringAttributeConstraints: { MaxLength: String(a.maxLength) } }),
  }));

/** The local pool's CreateUserPool request. */
export const createUserPoolInput = (settings: PoolSettings = DEPLOYED) => ({
  PoolName: 'stockbench',
  UsernameAttributes: [...settings.pool.usernameAttributes],
  UsernameConfiguration: { CaseSensitive: settings.pool.caseSensitive },
  AutoVerifiedAttributes: [...settings.pool.autoVerifiedAttributes],
  Policies: {
    PasswordPolicy: {
      MinimumLength: settings.pool.passwordMinimumLength,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    },
  },
  AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email' as const, Priority: 1 }] },
  MfaConfiguration: 'OPTIONAL' as const,
  Schema: schemaOf(settings),
});

/** CreateUserPoolClient's and UpdateUserPoolClient's settings. */
export const clientInput = (settings: PoolSettings = DEPLOYED) => ({
  ClientName: settings.client.clientName,
  ExplicitAuthFlows: [...settings.client.explicitAuthFlows],
  PreventUserExistenceErrors: settings.client.preventUserExistenceErrors
    ? ('ENABLED' as const)
    : ('LEGACY' as const),
  EnableTokenRevocation: settings.client.enableTokenRevocation,
  WriteAttributes: [...settings.client.writeAttributes],
  // cognito-local ignores it; the proxy's challenge sessions last the same 3 minutes.
  AuthSessionValidity: settings.client.authSessionValidityMinutes,
  AccessTokenValidity: settings.client.accessTokenValidityMinutes,
  IdTokenValidity: settings.client.idTokenValidityMinutes,
  TokenValidityUnits: { AccessToken: 'minutes' as const, IdToken: 'minutes' as const },
});

/** Throws what Cognito answers for a client it refuses (cognito-local would accept it). */
function assertClientAccepted(settings: PoolSettings, action: 'creating' | 'updating'): void {
  const schema = settings.pool.schema.map((a) => ({
    name: a.custom ? `custom:${a.name}` : a.name,
    required: a.required,
  }));
  const refusal = clientWriteAttributesRefusal(schema, settings.client.writeAttributes, action);
  if (refusal) throw new InvalidParameterException({ message: refusal, $metadata: {} });
}

/** A pool made by an earlier version gets today's custom attributes, as CDK adds them to a deployed pool. */
async function ensureCustomAttributes(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  settings: PoolSettings,
): Promise<void> {
  const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  const have = new Set((UserPool?.SchemaAttributes ?? []).map((a) => a.Name));
  const custom = new Set(settings.pool.schema.filter((a) => a.custom).map((a) => a.name));
  const missing = schemaOf(settings).filter((a) => custom.has(a.Name ?? '') && !have.has(`custom:${a.Name}`));
  if (missing.length)
    await client.send(
      new AddCustomAttributesCommand({ UserPoolId: userPoolId, CustomAttributes: [...missing] }),
    );
}

export async function ensureUserPool(
  endpoint: string,
  idsFile: string,
  settings: PoolSettings = DEPLOYED,
): Promise<CognitoIds> {
  const client = localCognitoClient(endpoint);
  try {
    const saved = await readIds(idsFile);
    const existing = saved && (await describeClient(client, saved));
    if (saved && existing) {
      // A pool made by an earlier version: its client gets today's settings (e.g. email not writable).
      const write = [...(existing.WriteAttributes ?? [])].sort().join();
      const lifetimes = existing.AccessTokenValidity === settings.client.accessTokenValidityMinutes;
      // A client made before passkeys lacks ALLOW_USER_AUTH.
      const flows = [...(existing.ExplicitAuthFlows ?? [])].sort().join();
      if (
        write !== [...settings.client.writeAttributes].sort().join() ||
        !lifetimes ||
        flows !== [...settings.client.explicitAuthFlows].sort().join()
      ) {
        assertClientAccepted(settings, 'updating');
        await client.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: saved.userPoolId,
            ClientId: saved.clientId,
            ...clientInput(settings),
          }),
        );
      }
      await allowAuthenticatorApps(client, saved.userPoolId);
      await ensureCustomAttributes(client, saved.userPoolId, settings);
      return saved;
    }

    assertClientAccepted(settings, 'creating');
    const { UserPool } = await client.send(new CreateUserPoolCommand(createUserPoolInput(settings)));
    const userPoolId = UserPool?.Id;
    if (!userPoolId) throw new Error('CreateUserPool returned no id');
    await allowAuthenticatorApps(client, userPoolId);
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        GenerateSecret: false,
        ...clientInput(settings),
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
