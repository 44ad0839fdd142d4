import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { resetDb } from '../lib/repository/client';
import { getSessionsBar, ISSUED_MS_CLAIM, revokeTokens } from '../lib/repository/sessions';
import { startBff, type Bff, type User } from './support/bff';

// Accounts and sessions through the local stack, with real users and real tokens from the
// Cognito proxy: which tokens the BFF takes, deletion's password check, revoked sessions, and the
// order and lifetime of the email change's recovery code.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff({ own: true });
  cognito = bff.cognitoAdmin;
});
afterAll(async () => {
  // The test's own DynamoDB client (sessions repository, as the stack's admin).
  resetDb();
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

/** The recovery code mailed to `oldEmail` for its change to `newEmail` (the outbox, over HTTP). */
async function recoveryCodeFor(oldEmail: string, newEmail: string): Promise<string> {
  const res = await fetch(`${bff.info.outbox}/messages.json?to=${encodeURIComponent(oldEmail)}`);
  const mails = (await res.json()) as { text: string }[];
  const mail = mails.find((m) => m.text.includes('mode=recoverEmail') && m.text.includes(newEmail));
  const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no recovery mail to ${oldEmail}`);
  return code;
}

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

describe('item 5: a revoked session stops at once', () => {
  const licensesOf = (user: User, token = user.token) =>
    bff.call('GET', 'get-licenses', { user: { ...user, token }, query: { uid: user.uid } });

  it('sign-out everywhere ends every session, and a sign-in after it works', async () => {
    const user = await bff.newUser();
    const other = (await tokensOf(user.email, user.password)).id;
    const out = await bff.call('POST', 'sign-out-everywhere', { user });
    expect(out.status).toBe(200);
    for (const token of [user.token, other]) {
      const res = await licensesOf(user, token);
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('SESSION_EXPIRED');
    }
    // Not even to sign out again.
    expect(await bff.call('POST', 'sign-out-everywhere', { user })).toMatchObject({ status: 401 });
    const fresh = (await tokensOf(user.email, user.password)).id;
    expect((await licensesOf(user, fresh)).status).toBe(200);
  });

  it('email recovery ends the sessions of whoever changed the address', async () => {
    const user = await bff.newUser();
    const newEmail = `new-${user.email}`;
    const change = await bff.call('PUT', 'update-email', {
      user,
      body: { uid: user.uid, oldEmail: user.email, newEmail, currentPassword: user.password },
    });
    expect(change.status).toBe(200);
    // The email change itself ended the session it was made with.
    expect((await licensesOf(user)).status).toBe(401);
    // Whoever changed it signs in with the new address (verified, say, by its code)...
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: bff.info.userPoolId,
        Username: newEmail,
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    const intruder = (await tokensOf(newEmail, user.password)).id;
    expect((await licensesOf(user, intruder)).status).toBe(200);
    // ...and the owner restores the old one: that session ends.
    const code = await recoveryCodeFor(user.email, newEmail);
    expect((await bff.call('POST', 'email-recovery', { body: { code } })).status).toBe(200);
    const res = await licensesOf(user, intruder);
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('SESSION_EXPIRED');
    // The password the intruder knew no longer opens the account (takeover.int.test.ts goes on).
    await expect(tokensOf(user.email, user.password)).rejects.toMatchObject({
      name: 'PasswordResetRequiredException',
    });
  });

  it('deletion ends every session', async () => {
    const user = await bff.newUser();
    const other = (await tokensOf(user.email, user.password)).id;
    const del = await bff.call('POST', 'delete-customer', {
      user,
      body: { uid: user.uid, currentPassword: user.password },
    });
    expect(del.status).toBe(200);
    for (const token of [user.token, other]) expect((await licensesOf(user, token)).status).toBe(401);
  });

  it('a token of the revocation’s own second is taken if it was issued after it, to the millisecond', async () => {
    const user = await bff.newUser();
    const issued = Number(claimsOf(user.token)[ISSUED_MS_CLAIM]);
    expect(issued).toBeGreaterThanOrEqual(Number(claimsOf(user.token).auth_time) * 1000);
    // A revocation in the second the sign-in began (auth_time), a millisecond before the token was
    // issued, or at that second's end if the token came in a later one (auth_time is stamped before the
    // PreTokenGeneration trigger runs, and the trigger's iat_ms can fall in the next second on a busy
    // machine): the token is newer, and taken.
    const inOwnSecond = Math.min(issued - 1, Number(claimsOf(user.token).auth_time) * 1000 + 999);
    expect(await revokeTokens(user.uid, { nowMs: inOwnSecond })).toBe(inOwnSecond);
    expect((await licensesOf(user)).status).toBe(200);
    // At the millisecond it was issued: no longer.
    await revokeTokens(user.uid, { nowMs: issued });
    const res = await licensesOf(user);
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe('SESSION_EXPIRED');
    // A revocation never moves the time back.
    await revokeTokens(user.uid, { nowMs: issued - 5000 });
    expect((await getSessionsBar(user.uid))?.revokedAtMs).toBe(issued);
    // Sign-out everywhere, then a sign-in at once: the new token is taken, whatever the second.
    const current = (await tokensOf(user.email, user.password)).id;
    const out = await bff.call('POST', 'sign-out-everywhere', {
      user: { ...user, token: current },
      body: {},
    });
    expect(out.status).toBe(200);
    const fresh = (await tokensOf(user.email, user.password)).id;
    expect((await licensesOf(user, fresh)).status).toBe(200);
    expect((await licensesOf(user, current)).status).toBe(401);
  });
});

describe('item 8: the email change and its recovery, in a safe order and for as long as they apply', () => {
  /** Runs `fn` while the gate denies `handler` the IAM action `action` (a failure on the way). */
  async function denying<T>(handler: string, action: string, fn: () => Promise<T>): Promise<T> {
    const before = bff.iamGate.principals();
    bff.iamGate.setPrincipals(
      before.map((p) =>
        p.name !== handler || !p.statements
          ? p
          : {
              ...p,
              statements: p.statements
                .map((st) => ({ ...st, actions: st.actions.filter((a) => a !== action) }))
                .filter((st) => st.actions.length > 0),
            },
      ),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      return await fn();
    } finally {
      warn.mockRestore();
      bff.iamGate.setPrincipals(before);
    }
  }
  const emailOf = async (user: User) =>
    (
      await cognito.send(new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }))
    ).UserAttributes?.find((a) => a.Name === 'email')?.Value;
  const changeEmail = (user: User, oldEmail: string, newEmail: string) =>
    bff.call('PUT', 'update-email', {
      user,
      body: { uid: user.uid, oldEmail, newEmail, currentPassword: user.password },
    });
  const silenced = async <T>(fn: () => Promise<T>): Promise<T> => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      return await fn();
    } finally {
      error.mockRestore();
    }
  };

  it('a recovery mail that cannot be sent leaves the address unchanged', async () => {
    const user = await bff.newUser();
    const newEmail = `new-${user.email}`;
    const failed = await silenced(() =>
      denying('update-email', 'ses:SendEmail', () => changeEmail(user, user.email, newEmail)),
    );
    expect(failed.status).toBe(503);
    expect(failed.body.error?.code).toBe('MAIL_NOT_SENT');
    expect(await emailOf(user)).toBe(user.email);
    // Trying again works, and its link restores the address.
    expect((await changeEmail(user, user.email, newEmail)).status).toBe(200);
    expect(await emailOf(user)).toBe(newEmail);
    const code = await recoveryCodeFor(user.email, newEmail);
    expect((await bff.call('POST', 'email-recovery', { body: { code } })).status).toBe(200);
    expect(await emailOf(user)).toBe(user.email);
  });

  it('a recovery whose sign-out failed can be retried with the same link', async () => {
    const user = await bff.newUser();
    const newEmail = `new-${user.email}`;
    expect((await changeEmail(user, user.email, newEmail)).status).toBe(200);
    const code = await recoveryCodeFor(user.email, newEmail);
    const failed = await silenced(() =>
      denying('email-recovery', 'cognito-idp:AdminUserGlobalSignOut', () =>
        bff.call('POST', 'email-recovery', { body: { code } }),
      ),
    );
    expect(failed.status).toBe(500);
    const retry = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ email: user.email });
    expect(await emailOf(user)).toBe(user.email);
    const again = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(again.body.error?.code).toBe('USED_ACTION_CODE');
  });
});
