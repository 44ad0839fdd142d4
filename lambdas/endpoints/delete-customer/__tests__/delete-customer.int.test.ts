import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../../../dev/outbox';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';

import { licensesOf, subscribe } from '../../../__tests__/support/accounts';
import { aMachine } from '../../../__tests__/support/machines';

// Closing an account: the subscription cancelled, the customer, every record and the Cognito user deleted.

let bff: Bff;
let admin: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff();
  admin = bff.cognitoAdmin;
});
afterAll(async () => {
  await bff?.stop();
});

/** What Cognito answers about the user: 'exists' or the error's name. */
const cognitoUser = (user: User) =>
  admin.send(new AdminGetUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid })).then(
    () => 'exists',
    (err: unknown) => (err instanceof Error ? err.name : String(err)),
  );

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

describe('delete-customer', () => {
  it('cancels, deletes the customer and every record, and says what it removed', async () => {
    const { user, customerId, subscriptionId } = await subscribed(2);
    const [license] = await licenses(user);
    const body = { uid: user.uid, currentPassword: user.password };
    const res = await bff.call('POST', 'delete-customer', { user, body });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({
      customerId,
      subscriptionId,
      subscriptionCanceled: true,
      customerDeleted: true,
      account: true,
      licenses: 2,
    });
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    // The Cognito user is gone with the account (the page has nothing left to delete), and every
    // session ended with the deletion.
    expect(await cognitoUser(user)).toBe('UserNotFoundException');
    await expect(bff.signIn(user.email, user.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(401);
    // A new account with the address starts empty.
    const again = await bff.newUser(user.email);
    const after = await bff.call('GET', 'get-licenses', { user: again, query: { uid: again.uid } });
    expect(after.body).toEqual({
      customerId: null,
      subscriptionId: null,
      subscriptionStatus: null,
      licenses: [],
      ended: [],
    });
    const check = await bff.call('POST', 'validate-license', {
      user: again,
      body: { key: license?.key, machine: aMachine() },
    });
    expect(check.body.code).toBe('NOT_FOUND');
    // The cancellation webhooks, delivered after the answer, must not bring anything back: look again
    // once the emulator has delivered every event about this subscription and customer.
    await eventually(async () => {
      const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
      const { data } = (await res.json()) as {
        data: { object_id: string | null; delivery: { status: string } | null }[];
      };
      const ours = data.filter((e) => e.object_id === subscriptionId || e.object_id === customerId);
      return ours.length > 0 && ours.every((e) => e.delivery?.status !== 'pending');
    });
    expect(
      (await bff.call('GET', 'get-licenses', { user: again, query: { uid: again.uid } })).body.customerId,
    ).toBeNull();
  });

  it('tells a colleague given a license set to end that it ended now, with the account', async () => {
    const { user, customerId, subscriptionId } = await subscribed(2);
    const [, second] = await licenses(user);
    const ids = { customerId, subscriptionId };
    const removed = await bff.call('PUT', 'remove-licenses', {
      user,
      headers: { 'idempotency-key': randomUUID() },
      body: { ...ids, licenseKeys: [second?.key] },
    });
    expect(removed.status).toBe(200);
    // Given while it is set to end: the assignment mail states its end date.
    const colleague = `colleague-${randomUUID().slice(0, 8)}@example.com`;
    const assigned = await bff.call('PUT', 'assign-license', {
      user,
      body: { ...ids, licenseKey: second?.key, email: colleague },
    });
    expect(assigned.status).toBe(200);
    const body = { uid: user.uid, currentPassword: user.password };
    expect((await bff.call('POST', 'delete-customer', { user, body })).status).toBe(200);
    const ended = (await readOutbox(bff.outboxDir, colleague)).filter(
      (m) => m.subject === 'Your Stockbench license ended',
    );
    expect(ended).toHaveLength(1);
  });

  it('finishes closing the account when retried after its Cognito user is gone', async () => {
    const { user, subscriptionId } = await subscribed(1);
    // A first attempt that got as far as deleting the Cognito user, and no further.
    await admin.send(new AdminDeleteUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }));
    const res = await bff.call('POST', 'delete-customer', {
      user,
      body: { uid: user.uid, currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({ subscriptionId, subscriptionCanceled: true, account: true });
    expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(401);
  });
});
