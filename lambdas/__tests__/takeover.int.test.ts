import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';
import { generateSync } from 'otplib';
import { ensureVerifiedUser } from '../../dev/cognito/setup';
import { assignLicense } from '../endpoints/assign-license/contract';
import { getHeldLicenses } from '../endpoints/get-held-licenses/contract';
import { validateLicense } from '../endpoints/validate-license/contract';
import { licensesOf, startCheckout, subscribe } from './support/accounts';
import { eventually, startBff, type Bff, type User } from './support/bff';
import { aMachine } from './support/machines';

// Issue 19: an intruder who knows a subscriber's password tries to keep the account, through the
// local stack with real users, tokens, mails and triggers. Path 1: the owner's recovery link always
// wins. Path 4: a password reset ends every session. Path 5: deleting an account deletes all of it.
// Path 7: one form of an address, and no look-alike characters.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff();
  cognito = new CognitoIdentityProviderClient({
    region: bff.info.region,
    endpoint: bff.info.cognitoEndpoint,
    // The stack's admin: the admin operations below need SigV4 and a grant, as in AWS.
    credentials: bff.info.adminCredentials,
  });
}, 60000);
afterAll(async () => {
  cognito?.destroy();
  await bff?.stop();
});

/** Signs in as the site and the desktop application do; answers the tokens, or Cognito's error name. */
type SignedIn = { id: string; refresh: string } | { error: string };
async function signIn(email: string, password: string): Promise<SignedIn> {
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return {
      id: out.AuthenticationResult?.IdToken ?? '',
      refresh: out.AuthenticationResult?.RefreshToken ?? '',
    };
  } catch (err) {
    return { error: err instanceof Error ? err.name : String(err) };
  }
}

async function tokenOf(email: string, password: string): Promise<string> {
  const out = await signIn(email, password);
  if (!('id' in out) || !out.id) throw new Error(`cannot sign in as ${email}: ${JSON.stringify(out)}`);
  return out.id;
}

async function refresh(refreshToken: string): Promise<string> {
  try {
    await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return 'refreshed';
  } catch (err) {
    return err instanceof Error ? err.name : String(err);
  }
}

interface Mail {
  to: string;
  text: string;
  subject: string;
}
const mailsTo = async (address: string): Promise<Mail[]> =>
  (await (
    await fetch(`${bff.info.outbox}/messages.json?to=${encodeURIComponent(address)}`)
  ).json()) as Mail[];

/** The recovery code mailed to `oldEmail` for its change to `newEmail`. */
async function recoveryCodeFor(oldEmail: string, newEmail: string): Promise<string> {
  const mail = (await mailsTo(oldEmail)).find(
    (m) => m.text.includes('mode=recoverEmail') && m.text.includes(newEmail),
  );
  const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no recovery mail to ${oldEmail}`);
  return code;
}

/** The code of the newest password-reset mail to `address` (Cognito's, through the CustomMessage trigger). */
async function resetCodeFor(address: string): Promise<string | undefined> {
  const mail = (await mailsTo(address)).find((m) => m.text.includes('mode=resetPassword'));
  return /mode=resetPassword&oobCode=([^&\s)]+)/.exec(mail?.text ?? '')?.[1];
}

const emailOf = async (user: User) => {
  const out = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }),
  );
  const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
  return { email: attr('email'), verified: attr('email_verified') === 'true', status: out.UserStatus };
};

const licensesWith = (user: User, token: string) =>
  bff.call('GET', 'get-licenses', { user: { ...user, token }, query: { uid: user.uid } });

/** The intruder, who knows the password, moves the account to `to` and confirms that address. */
async function intruderMoves(user: User, token: string, from: string, to: string): Promise<string> {
  const change = await bff.call('PUT', 'update-email', {
    user: { ...user, token },
    body: { uid: user.uid, oldEmail: from, newEmail: to, currentPassword: user.password },
  });
  expect(change.status).toBe(200);
  // The intruder reads the new mailbox: the address is verified (the code's effect, done directly).
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: bff.info.userPoolId,
      Username: user.uid,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  );
  return tokenOf(to, user.password);
}

describe('path 1: a recovery link always wins', () => {
  it('restores the address after the intruder signed out everywhere "after a password change", locks the intruder out and leads to a new password', async () => {
    const owner = await bff.newUser();
    // The owner has a Stripe customer (a checkout begun), whose email follows the account's.
    const { customerId } = await startCheckout(bff, owner, 1);
    const intruderAddress = `intruder-${owner.email}`;
    let intruder = await intruderMoves(
      owner,
      await tokenOf(owner.email, owner.password),
      owner.email,
      intruderAddress,
    );
    expect((await bff.stripe.customers.retrieve(customerId)) as { email?: string }).toMatchObject({
      email: intruderAddress,
    });
    // The old way to void the owner's link: claim a password change. The flag is no longer part of
    // the API (400), and neither it nor a plain sign-out everywhere touches the link.
    const flagged = await bff.call('POST', 'sign-out-everywhere', {
      user: { ...owner, token: intruder },
      body: { passwordChanged: true },
    });
    expect(flagged.status).toBe(400);
    expect(flagged.body.error?.code).toBe('INVALID_REQUEST');
    intruder = await tokenOf(intruderAddress, owner.password);
    expect(
      (await bff.call('POST', 'sign-out-everywhere', { user: { ...owner, token: intruder }, body: {} }))
        .status,
    ).toBe(200);
    intruder = await tokenOf(intruderAddress, owner.password);
    const refreshToken = await signIn(intruderAddress, owner.password).then((t) =>
      'refresh' in t ? t.refresh : '',
    );
    expect((await licensesWith(owner, intruder)).status).toBe(200);

    const code = await recoveryCodeFor(owner.email, intruderAddress);
    const info = await bff.call('POST', 'email-recovery-info', { body: { code } });
    expect(info).toMatchObject({ status: 200, body: { email: intruderAddress, previousEmail: owner.email } });
    const restored = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(restored).toMatchObject({ status: 200, body: { email: owner.email } });

    // The address is the owner's again, verified, in Cognito and at Stripe.
    expect(await emailOf(owner)).toMatchObject({
      email: owner.email,
      verified: true,
      status: 'RESET_REQUIRED',
    });
    expect((await bff.stripe.customers.retrieve(customerId)) as { email?: string }).toMatchObject({
      email: owner.email,
    });
    // The intruder's session and refresh token are dead, and the password opens nothing any more.
    const after = await licensesWith(owner, intruder);
    expect(after.status).toBe(401);
    expect(after.body.error?.code).toBe('SESSION_EXPIRED');
    expect(await refresh(refreshToken)).toBe('NotAuthorizedException');
    expect(await signIn(owner.email, owner.password)).toEqual({ error: 'PasswordResetRequiredException' });
    // No user has that address any more; the pool does not say so (preventUserExistenceErrors).
    expect(await signIn(intruderAddress, owner.password)).toEqual({ error: 'NotAuthorizedException' });
    // Nor can it change the address again (the BFF checks the password).
    const again = await bff.call('PUT', 'update-email', {
      user: { ...owner, token: intruder },
      body: {
        uid: owner.uid,
        oldEmail: owner.email,
        newEmail: intruderAddress,
        currentPassword: owner.password,
      },
    });
    expect(again.status).toBe(401);

    // The owner got a code at the restored address to choose a new password, and signs in with it.
    const resetCode = await resetCodeFor(owner.email);
    expect(resetCode).toBeDefined();
    expect(await resetCodeFor(intruderAddress)).toBeUndefined();
    const newPassword = 'Owner-new-pass-1';
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: bff.info.clientId,
        Username: owner.email,
        ConfirmationCode: resetCode,
        Password: newPassword,
      }),
    );
    const fresh = await tokenOf(owner.email, newPassword);
    expect((await licensesWith(owner, fresh)).status).toBe(200);
    // The link is spent.
    const reuse = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(reuse.body.error?.code).toBe('USED_ACTION_CODE');
  });

  it('survives further changes of address, and a later link (the intruder’s) cannot undo the recovery', async () => {
    const owner = await bff.newUser();
    const b = `b-${owner.email}`;
    const c = `c-${owner.email}`;
    const d = `d-${owner.email}`;
    let intruder = await intruderMoves(owner, owner.token, owner.email, b);
    intruder = await intruderMoves(owner, intruder, b, c);
    await intruderMoves(owner, intruder, c, d);
    const ownersLink = await recoveryCodeFor(owner.email, b);
    const [bToC, cToD] = [await recoveryCodeFor(b, c), await recoveryCodeFor(c, d)];
    // The intruder uses one of the links mailed to its own addresses first.
    expect((await bff.call('POST', 'email-recovery', { body: { code: cToD } })).status).toBe(200);
    expect((await emailOf(owner)).email).toBe(c);
    // The owner's link still works...
    expect(await bff.call('POST', 'email-recovery', { body: { code: ownersLink } })).toMatchObject({
      status: 200,
      body: { email: owner.email },
    });
    expect((await emailOf(owner)).email).toBe(owner.email);
    // ...and voided the intruder's remaining link, which cannot take the address back.
    for (const route of ['email-recovery-info', 'email-recovery']) {
      const res = await bff.call('POST', route, { body: { code: bToC } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_ACTION_CODE');
    }
    expect(await emailOf(owner)).toMatchObject({ email: owner.email, verified: true });
  });
});

describe('path 1 with two-factor sign-in', () => {
  it('turns off an authenticator app the intruder set up, so the owner signs in with the new password alone', async () => {
    const owner = await bff.newUser();
    const taken = `taken-${owner.email}`;
    await intruderMoves(owner, owner.token, owner.email, taken);
    // The intruder turns two-factor sign-in on with an authenticator app of its own.
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: taken, PASSWORD: owner.password },
      }),
    );
    const accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    const { SecretCode } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    const secret = SecretCode ?? '';
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: generateSync({ secret }) }),
    );
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    // Every sign-in now asks for the intruder's code. (None is started here: one begun before the
    // recovery would hold the owner back for the challenge's 3 minutes, pending-challenge.int.test.ts.)
    const settings = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: owner.uid }),
    );
    expect(settings.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);

    // The owner recovers the address and chooses a new password with the mailed code.
    const link = await recoveryCodeFor(owner.email, taken);
    expect((await bff.call('POST', 'email-recovery', { body: { code: link } })).status).toBe(200);
    const code = await resetCodeFor(owner.email);
    if (!code) throw new Error('no reset mail');
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: bff.info.clientId,
        Username: owner.email,
        ConfirmationCode: code,
        Password: 'Owner-again-1',
      }),
    );
    // No code is asked for: the intruder's authenticator no longer stands in the way.
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: owner.email, PASSWORD: 'Owner-again-1' },
      }),
    );
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('path 4: a password reset ends every session', () => {
  it('refuses ID tokens and refresh tokens from before the reset, and takes a sign-in after it', async () => {
    const user = await bff.newUser();
    const other = await signIn(user.email, user.password);
    if (!('refresh' in other)) throw new Error('no sign-in');
    expect((await licensesWith(user, user.token)).status).toBe(200);

    await cognito.send(new ForgotPasswordCommand({ ClientId: bff.info.clientId, Username: user.email }));
    const code = await resetCodeFor(user.email);
    if (!code) throw new Error('no reset mail');
    const newPassword = 'Reset-pass-2';
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: bff.info.clientId,
        Username: user.email,
        ConfirmationCode: code,
        Password: newPassword,
      }),
    );

    for (const token of [user.token, other.id]) {
      const res = await licensesWith(user, token);
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('SESSION_EXPIRED');
    }
    expect(await refresh(other.refresh)).toBe('NotAuthorizedException');
    const fresh = await tokenOf(user.email, newPassword);
    expect((await licensesWith(user, fresh)).status).toBe(200);
  });
});

describe('path 5: deleting an account deletes all of it', () => {
  it('leaves no recovery code, no address, only an address-free marker that expires', async () => {
    const user = await bff.newUser();
    await startCheckout(bff, user, 1);
    const newEmail = `moved-${user.email}`;
    const token = await intruderMoves(user, user.token, user.email, newEmail);
    const code = await recoveryCodeFor(user.email, newEmail);
    const del = await bff.call('POST', 'delete-customer', {
      user: { ...user, email: newEmail, token },
      body: { uid: user.uid, currentPassword: user.password },
    });
    expect(del.status).toBe(200);
    // The deletion cancels the subscription; its events are delivered (or given up) before the table is read.
    await eventually(async () => {
      const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
      const { data } = (await res.json()) as { data: { delivery: { status: string } | null }[] };
      return !data.some((e) => e.delivery?.status === 'pending');
    });

    // Everything the table holds, read as its administrator.
    const doc = DynamoDBDocument.from(
      new DynamoDBClient({ region: bff.info.region, endpoint: bff.info.dynamodb }),
    );
    try {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await doc.scan({ TableName: bff.info.tableName, ExclusiveStartKey: start });
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      const mentions = (needle: string | undefined) =>
        items.filter((item) => JSON.stringify(item).toLowerCase().includes(String(needle).toLowerCase()));
      expect(mentions(user.email)).toEqual([]);
      expect(mentions(newEmail)).toEqual([]);
      expect(mentions(code)).toEqual([]);
      // A webhook that waited for the account's lease while the deletion ran may leave the lease's own
      // item: no address, and DynamoDB removes it within the hour.
      const leases = mentions(user.uid).filter((item) => item.sk === 'LEASE');
      for (const lease of leases) {
        expect(Object.keys(lease).sort()).toEqual(['expiresAt', 'leaseToken', 'leaseUntil', 'pk', 'sk']);
        expect(Number(lease.expiresAt)).toBeLessThanOrEqual(Date.now() / 1000 + 2 * 3600);
      }
      const left = mentions(user.uid).filter((item) => item.sk !== 'LEASE');
      expect(left).toHaveLength(1);
      const marker = left[0] ?? {};
      expect(Object.keys(marker).sort()).toEqual(['expiresAt', 'pk', 'revokedAt', 'sk', 'tokensValidAfter']);
      expect(marker).toMatchObject({ pk: `USER#${user.uid}`, sk: 'SESSIONS' });
      // Short-lived: gone within about two days (longer than any token of the user lives).
      expect(Number(marker.expiresAt)).toBeLessThanOrEqual(Date.now() / 1000 + 2 * 24 * 3600 + 5);
    } finally {
      doc.destroy();
    }
    // The link mailed before deletion does nothing.
    const res = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(res.body.error?.code).toBe('INVALID_ACTION_CODE');
  });
});

describe('a recovery link of a user deleted at Cognito', () => {
  it('answers that the link is invalid, not a server error', async () => {
    const user = await bff.newUser();
    const newEmail = `gone-${user.email}`;
    await intruderMoves(user, user.token, user.email, newEmail);
    const code = await recoveryCodeFor(user.email, newEmail);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }));
    const res = await bff.call('POST', 'email-recovery', { body: { code } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_ACTION_CODE');
  });
});

describe('path 7: one form of an address', () => {
  const KELVIN = '\u212A';

  it('refuses a look-alike address signed up directly at Cognito (the PreSignUp trigger)', async () => {
    const address = `${KELVIN}ate-${Date.now()}@example.com`;
    const err = await cognito
      .send(new SignUpCommand({ ClientId: bff.info.clientId, Username: address, Password: 'Passw0rd!long' }))
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(err?.name).toBe('UserLambdaValidationException');
    expect(err?.message).toBe(
      `PreSignUp failed with error The email address contains “${KELVIN}” (U+212A), which only looks like “K”. ` +
        'Type the address with plain letters a–z, digits and . _ + -..',
    );
  });

  it('refuses look-alike addresses at the BFF with a message that names the character', async () => {
    const user = await bff.newUser();
    const fullwidth = await bff.call('PUT', 'update-email', {
      user,
      body: {
        uid: user.uid,
        oldEmail: user.email,
        newEmail: `\uFF4Bate@example.com`,
        currentPassword: user.password,
      },
    });
    expect(fullwidth.status).toBe(400);
    expect(fullwidth.body.error?.message).toContain('“\uFF4B” (U+FF4B), which only looks like “k”');
    const buyer = await subscribe(bff, 1);
    const [license] = await licensesOf(bff, buyer.user);
    const cyrillic = await bff.send(assignLicense, {
      user: buyer.user,
      body: {
        customerId: buyer.customerId,
        subscriptionId: buyer.subscriptionId,
        licenseKey: license?.key ?? '',
        email: 'k\u0430te@example.com',
      },
    });
    expect(cyrillic.status).toBe(400);
    expect(cyrillic.error?.message).toContain('(U+0430), which only looks like “a”');
  });

  it('never lets an account with a look-alike address hold the licenses of the real one', async () => {
    const buyer = await subscribe(bff, 1);
    const [license] = await licensesOf(bff, buyer.user);
    const key = license?.key ?? '';
    const real = `kate-${Date.now()}@example.com`;
    // Assigned in any case: kept in the one form.
    const assigned = await bff.send(assignLicense, {
      user: buyer.user,
      body: {
        customerId: buyer.customerId,
        subscriptionId: buyer.subscriptionId,
        licenseKey: key,
        email: real.toUpperCase(),
      },
    });
    expect(assigned.answer?.license.assignee).toBe(real);
    // An account whose address differs only by the Kelvin sign, verified (made by an administrator:
    // sign-up refuses it), signs in.
    const fake = `${KELVIN}${real.slice(1)}`;
    await ensureVerifiedUser(bff.info.cognitoEndpoint, bff.info.userPoolId, fake, 'Passw0rd!long');
    const token = await tokenOf(fake, 'Passw0rd!long');
    const impostor: User = { uid: '', email: fake, password: '', token };
    impostor.uid = String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);
    const held = await bff.send(getHeldLicenses, { user: impostor, query: { uid: impostor.uid } });
    expect(held.answer?.licenses ?? []).toEqual([]);
    const validated = await bff.send(validateLicense, { user: impostor, body: { key, machine: aMachine() } });
    expect(validated.answer).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    // The real address's owner, signing up in mixed case, holds it.
    await ensureVerifiedUser(bff.info.cognitoEndpoint, bff.info.userPoolId, real, 'Passw0rd!long');
    const owner: User = { uid: '', email: real, password: '', token: await tokenOf(real, 'Passw0rd!long') };
    expect(
      (await bff.send(validateLicense, { user: owner, body: { key, machine: aMachine() } })).answer,
    ).toMatchObject({
      valid: true,
    });
  });
});
