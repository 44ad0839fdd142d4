import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Credentials } from '../../dev/iam/policy';
import { startBff, type Bff, type User } from './support/bff';

// The Cognito endpoint the site and the desktop application use answers admin operations only as AWS
// does: signed with SigV4 by a known key whose IAM statements allow the action on the pool. Played as an
// attacker who sends AdminUpdateUserAttributes there to move someone's account to their own address.

let bff: Bff;
let victim: User;
beforeAll(async () => {
  bff = await startBff();
  victim = await bff.newUser();
});
afterAll(() => bff?.stop());

const client = (credentials: Credentials) =>
  new CognitoIdentityProviderClient({
    region: bff.info.region,
    endpoint: bff.info.cognitoEndpoint,
    credentials,
  });

const takeOver = (email: string) =>
  new AdminUpdateUserAttributesCommand({
    UserPoolId: bff.info.userPoolId,
    Username: victim.email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });

async function errorOf(credentials: Credentials, email: string): Promise<string> {
  const c = client(credentials);
  try {
    await c.send(takeOver(email));
    return 'applied';
  } catch (err) {
    return err instanceof Error ? err.name : String(err);
  } finally {
    c.destroy();
  }
}

async function victimEmail(): Promise<string | undefined> {
  const admin = client(bff.info.adminCredentials);
  try {
    const out = await admin.send(
      new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: victim.uid }),
    );
    return out.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  } finally {
    admin.destroy();
  }
}

it('refuses an unsigned admin operation with MissingAuthenticationTokenException and changes nothing', async () => {
  const res = await fetch(bff.info.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminUpdateUserAttributes',
    },
    body: JSON.stringify({
      UserPoolId: bff.info.userPoolId,
      Username: victim.email,
      UserAttributes: [{ Name: 'email', Value: 'unsigned@attacker.example' }],
    }),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { __type?: string }).__type).toBe('MissingAuthenticationTokenException');
  expect(await victimEmail()).toBe(victim.email);
});

it('refuses keys AWS does not know (UnrecognizedClientException)', async () => {
  expect(
    await errorOf({ accessKeyId: 'AKIAATTACKER0000', secretAccessKey: 'guessed' }, 'keys@attacker.example'),
  ).toBe('UnrecognizedClientException');
  expect(await victimEmail()).toBe(victim.email);
});

it('refuses a principal without the grant (a handler that may not write users: AccessDeniedException)', async () => {
  const handler = bff.iamGate.principals().find((p) => p.name === 'get-licenses');
  if (!handler) throw new Error('no get-licenses principal');
  expect(await errorOf(handler.credentials, 'handler@attacker.example')).toBe('AccessDeniedException');
  expect(await victimEmail()).toBe(victim.email);
});

it('applies it for a principal allowed to, and still serves the public operations unsigned', async () => {
  const moved = `moved-${victim.email}`;
  expect(await errorOf(bff.info.adminCredentials, moved)).toBe('applied');
  expect(await victimEmail()).toBe(moved);
  const res = await fetch(bff.info.cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: moved, PASSWORD: victim.password },
    }),
  });
  expect(res.status).toBe(200);
  const unsigned = client({ accessKeyId: 'anyone', secretAccessKey: 'anyone' });
  try {
    const out = await unsigned.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: moved, PASSWORD: victim.password },
      }),
    );
    expect(out.AuthenticationResult?.IdToken).toBeTruthy();
  } finally {
    unsigned.destroy();
  }
});
