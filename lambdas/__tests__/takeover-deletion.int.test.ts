import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { AdminDeleteUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument } from '@aws-sdk/lib-dynamodb';

import { ensureVerifiedUser } from '../../dev/cognito/setup';
import { assignLicense } from '../endpoints/assign-license/contract';
import { getHeldLicenses } from '../endpoints/get-held-licenses/contract';
import { validateLicense } from '../endpoints/validate-license/contract';
import { licensesOf, startCheckout, subscribe } from './support/accounts';
import { eventually, type Bff, type User } from './support/bff';
import { aMachine } from './support/machines';

import {
  startTakeoverStack,
  stopTakeoverStack,
  tokenOf,
  recoveryCodeFor,
  intruderMoves,
} from './support/takeover';

// An intruder who knows a subscriber's password tries to keep the account (takeover.int.test.ts has
// paths 1 and 4). Path 5: deleting an account deletes all of it. Path 7: one form of an address, and
// no look-alike characters.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  ({ bff, cognito } = await startTakeoverStack());
});
afterAll(() => stopTakeoverStack());

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
      expect(Object.keys(marker).sort()).toEqual([
        'expiresAt',
        'pendingSignInsEndedAt',
        'pk',
        'revokedAt',
        'sk',
        'tokensValidAfter',
      ]);
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
