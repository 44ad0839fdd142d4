import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startBff, type Bff, type User } from './support/bff';

// Accounts and sessions (issue 11) through the local stack, with real users and real tokens from the
// Cognito proxy: which tokens the BFF takes, deletion's password check, revoked sessions, and the
// order and lifetime of the email change's recovery code.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff();
  cognito = new CognitoIdentityProviderClient({
    region: bff.info.region,
    endpoint: bff.info.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}, 60000);
afterAll(async () => {
  cognito?.destroy();
  await bff?.stop();
});

async function tokensOf(email: string, password: string) {
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { id: out.AuthenticationResult?.IdToken ?? '', access: out.AuthenticationResult?.AccessToken ?? '' };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('item 7: ID tokens of verified users only', () => {
  it('refuses an access token with 401, though the authorizer admits it', async () => {
    const user = await bff.newUser();
    const { access } = await tokensOf(user.email, user.password);
    expect(claimsOf(access).token_use).toBe('access');
    const withAccess: User = { ...user, token: access };

    const licenses = await bff.call('GET', 'get-licenses', { user: withAccess, query: { uid: user.uid } });
    expect(licenses.status).toBe(401);
    expect(licenses.body.error?.code).toBe('ID_TOKEN_REQUIRED');
    // update-email compared the old email with the token's only when the token had one.
    const change = await bff.call('PUT', 'update-email', {
      user: withAccess,
      body: {
        uid: user.uid,
        oldEmail: 'someone-else@example.com',
        newEmail: `new-${user.email}`,
        currentPassword: user.password,
      },
    });
    expect(change.status).toBe(401);
    // The ID token of the same sign-in works.
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(200);
  });

  it('refuses an ID token whose email is not verified with 403', async () => {
    const user = await bff.newUser();
    const email = `unverified-${user.email}`;
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: bff.info.userPoolId,
        Username: user.email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'false' },
        ],
      }),
    );
    const { id } = await tokensOf(email, user.password);
    expect(claimsOf(id).email_verified).toBe(false);
    const unverified: User = { ...user, email, token: id };
    for (const [method, route, opts] of [
      ['GET', 'get-licenses', { query: { uid: user.uid } }],
      ['GET', 'get-subscriptions', { query: { uid: user.uid } }],
      ['POST', 'setup-checkout', { body: { uid: user.uid, email, count: 1 } }],
    ] as const) {
      const res = await bff.call(method, route, { user: unverified, ...opts });
      expect({ route, status: res.status, code: res.body.error?.code }).toEqual({
        route,
        status: 403,
        code: 'EMAIL_NOT_VERIFIED',
      });
    }
  });
});

describe('item 6: deletion checks the current password on the server', () => {
  it('refuses a token alone and a wrong password, changing nothing; the right one deletes', async () => {
    const user = await bff.newUser();
    const setup = await bff.call('POST', 'setup-checkout', {
      user,
      body: { uid: user.uid, email: user.email, count: 1 },
    });
    expect(setup.status).toBe(200);
    const customerId = String(setup.body.customerId);
    const customerExists = async () => !(await bff.stripe.customers.retrieve(customerId)).deleted;

    const tokenOnly = await bff.call('POST', 'delete-customer', { user, body: { uid: user.uid } });
    expect(tokenOnly.status).toBe(400);
    const wrong = await bff.call('POST', 'delete-customer', {
      user,
      body: { uid: user.uid, currentPassword: 'not-the-password' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toEqual({ code: 'INCORRECT_PASSWORD', message: 'Incorrect current password.' });
    expect(await customerExists()).toBe(true);

    const right = await bff.call('POST', 'delete-customer', {
      user,
      body: { uid: user.uid, currentPassword: user.password },
    });
    expect(right.status).toBe(200);
    expect(right.body.deleted).toMatchObject({ customerId, customerDeleted: true, account: true });
    expect(await customerExists()).toBe(false);
  });
});
