import { randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  DeleteUserAttributesCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LAST_VERIFIED_EMAIL } from '../lib/cognito-attributes';
import type { IamDecision } from '../../dev/iam/gate';
import { readOutbox } from '../../dev/outbox';
import { subscribe } from './support/accounts';
import { eventually, startBff, type Bff } from './support/bff';

// Two ways to take someone's address, tried as an attacker would: straight at Cognito's public API
// with the app client's id (what anyone can read from the site), on the local stack (cognito-local
// behind the proxy, the PreSignUp trigger run as deployed behind the IAM gate).
//  - Nobody can squat an address: an unconfirmed sign-up does not keep the address from its owner.
//  - The address changes only through the product: a user's own token cannot write email.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
let admin: CognitoIdentityProviderClient;
const decisions: IamDecision[] = [];

beforeAll(async () => {
  bff = await startBff();
  bff.iamGate.onDecision((d) => decisions.push(d));
  cognito = bff.cognito;
  admin = bff.cognitoAdmin;
});
afterAll(async () => {
  await bff?.stop();
});

const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const signUp = (email: string, password: string, attributes?: { Name: string; Value: string }[]) =>
  cognito.send(
    new SignUpCommand({
      ClientId: bff.info.clientId,
      Username: email,
      Password: password,
      UserAttributes: attributes,
    }),
  );
const signIn = (email: string, password: string) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
const userOf = (email: string) =>
  admin.send(new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: email }));
const emailOf = async (email: string) =>
  (await userOf(email)).UserAttributes?.find((a) => a.Name === 'email')?.Value;

/** The code of the newest verification mail to `email` once there are `count` of them. */
async function verificationCode(email: string, count: number): Promise<string> {
  return eventually(async () => {
    const mails = (await readOutbox(bff.outboxDir, email)).filter((m) => /mode=verifyEmail/.test(m.html));
    if (mails.length < count) return undefined;
    return /oobCode=(\w+)/.exec(mails[0]?.html ?? '')?.[1];
  });
}

describe('nobody can squat an address', () => {
  it('the owner signs up an address an unconfirmed account holds, and gets the account', async () => {
    const email = address('bob');
    await signUp(email, 'squatter-password');
    await expect(signIn(email, 'squatter-password')).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    });
    const squatter = (await userOf(email)).Username;

    // Today's code refused this: "An account with the given email already exists."
    const owner = await signUp(email, 'owners-password');
    expect(owner.UserConfirmed).toBe(false);
    expect((await userOf(email)).Username).not.toBe(squatter);
    await expect(signIn(email, 'squatter-password')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    // The owner's mailbox has the code that confirms the owner's account (the second mail).
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: bff.info.clientId,
        Username: email,
        ConfirmationCode: await verificationCode(email, 2),
      }),
    );
    const session = await signIn(email, 'owners-password');
    const claims = JSON.parse(
      Buffer.from(session.AuthenticationResult?.IdToken?.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ email, email_verified: true });
  });

  it('a confirmed account keeps its address: a later sign-up is refused and removes nothing', async () => {
    const user = await bff.newUser();
    await expect(signUp(user.email, 'another-password')).rejects.toMatchObject({
      name: 'UsernameExistsException',
    });
    expect((await signIn(user.email, user.password)).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('an address another account changed to and never confirmed goes to its owner; that account gets its own back', async () => {
    // A confirmed account (a buyer: its Stripe customer and account record follow the address)
    // moves to Bob's address, which it cannot confirm: Cognito's email is its username, so today
    // Bob's own sign-up is refused ("An account with the given email already exists").
    const squatter = await subscribe(bff, 1);
    const bob = address('bob');
    const change = await bff.call('PUT', 'update-email', {
      user: squatter.user,
      body: {
        uid: squatter.user.uid,
        oldEmail: squatter.user.email,
        newEmail: bob,
        currentPassword: squatter.user.password,
      },
    });
    expect(change.status).toBe(200);
    expect((await signIn(bob, squatter.user.password)).AuthenticationResult?.IdToken).toBeDefined();

    const owner = await signUp(bob, 'owners-password');
    expect(owner.UserConfirmed).toBe(false);
    expect(owner.UserSub).not.toBe(squatter.user.uid);

    // The other account is back on the address it last proved, verified, everywhere we keep it.
    const back = await admin.send(
      new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: squatter.user.uid }),
    );
    expect(Object.fromEntries((back.UserAttributes ?? []).map((a) => [a.Name, a.Value]))).toMatchObject({
      email: squatter.user.email,
      email_verified: 'true',
    });
    expect((await signIn(squatter.user.email, squatter.user.password)).AuthenticationResult).toBeDefined();
    // Stripe's customer follows from the scheduled job (the trigger has 5 seconds and leaves Stripe to it).
    await bff.runJob('sync-customer-emails');
    const customer = await bff.stripe.customers.retrieve(squatter.customerId);
    expect(customer).toMatchObject({ email: squatter.user.email });

    // Bob confirms with the code his own sign-up mailed him, and the address is his.
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: bff.info.clientId,
        Username: bob,
        // His mailbox has two codes: the other account's change mailed one first, his sign-up the newest.
        ConfirmationCode: await verificationCode(bob, 2),
      }),
    );
    const session = await signIn(bob, 'owners-password');
    expect(session.AuthenticationResult?.IdToken).toBeDefined();
    await expect(signIn(bob, squatter.user.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('the trigger runs with its own grants only: the pool and the account record', () => {
    const mine = decisions.filter((d) => d.principal === 'pre-sign-up');
    expect(mine.filter((d) => !d.allowed)).toEqual([]);
    expect(new Set(mine.map((d) => d.action))).toEqual(
      new Set([
        'cognito-idp:ListUsers',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminUpdateUserAttributes',
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
        'dynamodb:PutItem',
      ]),
    );
  });
});

describe('the address changes only through the product', () => {
  it("a user's own access token cannot change or delete the email", async () => {
    const user = await bff.newUser();
    const accessToken = (await signIn(user.email, user.password)).AuthenticationResult?.AccessToken;
    const attacker = address('intruder');
    // Today's code accepted this and made the attacker's address the account's.
    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: 'email', Value: attacker }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await expect(
      cognito.send(
        new DeleteUserAttributesCommand({ AccessToken: accessToken, UserAttributeNames: ['email'] }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Nor the address the pre-sign-up trigger would give the account back, verified: written by the
    // client, it would hand the account an address it never proved.
    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: [{ Name: `custom:${LAST_VERIFIED_EMAIL}`, Value: attacker }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    expect(await emailOf(user.email)).toBe(user.email);
    // What the client may write, it still can.
    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'locale', Value: 'en-GB' }],
      }),
    );
  });

  it('sign-up sets the email from the username, and refuses an email attribute as AWS does', async () => {
    const email = address('newcomer');
    await expect(signUp(email, 'secret-123', [{ Name: 'email', Value: email }])).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await expect(
      signUp(email, 'secret-123', [{ Name: 'email_verified', Value: 'true' }]),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await signUp(email, 'secret-123');
    expect(await emailOf(email)).toBe(email);
  });
});
