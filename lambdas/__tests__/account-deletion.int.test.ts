import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminDeleteUserCommand,
  DeleteUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { readOutbox, type OutboxMessage } from '../../dev/outbox';
import { support } from '../../scripts/support/run';
import { assignLicense } from '../endpoints/assign-license/contract';
import { licensesOf, subscribe } from './support/accounts';
import { eventually, startBff, type Bff, type User } from './support/bff';
import { deliverCloudTrailEvent } from './support/security-events';

// Deleting an account at Cognito instead of through the site. The user pool refuses DeleteUser with the
// user's own access token (its web ACL; the local Cognito refuses it the same way), so the account
// stays whole; and should a DeleteUser get through, its CloudTrail event closes the account as
// delete-customer does: the subscription cancelled, the licenses given to others ended, the owner
// told what happened, and support's lookup says the account was deleted.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff();
  cognito = bff.cognitoAdmin;
});
afterAll(async () => {
  await bff?.stop();
});

const mailTo = (address: string, subject: RegExp): Promise<OutboxMessage> =>
  eventually(async () => (await readOutbox(bff.outboxDir, address)).find((m) => subject.test(m.subject)));

async function accessTokenOf(user: User): Promise<string> {
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  return out.AuthenticationResult?.AccessToken ?? '';
}

async function lookup(email: string): Promise<string> {
  const lines: string[] = [];
  await support(['lookup', email], { LOCAL_DIR: path.dirname(bff.outboxDir) }, 'pat-support', (l) =>
    lines.push(l),
  );
  return lines.join('\n');
}

it("refuses DeleteUser with the user's own access token, as a WAF block, and the account still works", async () => {
  const { user, subscriptionId } = await subscribe(bff, 1);
  const access = await accessTokenOf(user);
  const refused = await cognito.send(new DeleteUserCommand({ AccessToken: access })).then(
    () => undefined,
    (err: unknown) => err as Error & { $metadata?: { httpStatusCode?: number } },
  );
  expect(refused?.name).toBe('ForbiddenException');
  expect(refused?.$metadata?.httpStatusCode).toBe(403);
  // Nothing changed: the owner signs in, the subscription renews, the license is there.
  const again = await bff.signIn(user.email, user.password);
  expect(again.uid).toBe(user.uid);
  expect(await licensesOf(bff, { ...user, token: again.token })).toHaveLength(1);
  expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  expect((await readOutbox(bff.outboxDir, user.email)).map((m) => m.subject)).not.toContain(
    'Your Stockbench account was deleted',
  );
});

it('closes the account of a user deleted straight at Cognito, as delete-customer would', async () => {
  const { user, customerId, subscriptionId } = await subscribe(bff, 2);
  const [given] = await licensesOf(bff, user);
  const holder = `holder-${randomUUID().slice(0, 8)}@example.com`;
  const assigned = await bff.send(assignLicense, {
    user,
    body: { customerId, subscriptionId, licenseKey: given?.key ?? '', email: holder },
  });
  expect(assigned.status).toBe(200);
  // The user is gone from the pool (a DeleteUser that got through), and CloudTrail's event follows.
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: bff.info.userPoolId, Username: user.uid }));
  expect(await deliverCloudTrailEvent(bff, 'DeleteUser', user.uid)).toBeUndefined();

  // Nothing renews and nothing of the account is left.
  expect((await bff.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  expect((await bff.stripe.customers.retrieve(customerId)).deleted).toBe(true);
  expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(401);
  // The person given a license is told it ended.
  const ended = await mailTo(holder, /license ended/);
  expect(ended.text).toContain(given?.key);
  // The owner is told what happened, in words that match it.
  const mail = await mailTo(user.email, /account was deleted/);
  expect(mail.text).toContain('straight to our sign-in service rather than from the Profile page');
  expect(mail.text).toContain('Its subscription was cancelled at once');
  expect(mail.text).toContain('Its 2 licenses stopped working, including the 1 license you had given');
  expect(mail.text).not.toContain('subscription ended');
  // Support's lookup says the account was deleted, not that there is no subscription.
  const report = await lookup(user.email);
  expect(report).toContain(`No account has the address ${user.email}: an account with it was deleted at`);
  expect(report).toContain('straight at Cognito');
  expect(report).toContain(
    'its subscription was cancelled then; 1 license(s) given to others ended with it.',
  );

  // EventBridge delivering the event again changes nothing and mails nothing more.
  expect(await deliverCloudTrailEvent(bff, 'DeleteUser', user.uid)).toBeUndefined();
  const deletionMails = (await readOutbox(bff.outboxDir, user.email)).filter((m) =>
    /account was deleted/.test(m.subject),
  );
  expect(deletionMails).toHaveLength(1);
});

it('looks up an address whose account was deleted through the site as deleted', async () => {
  const { user } = await subscribe(bff, 1);
  const res = await bff.call('POST', 'delete-customer', {
    user,
    body: { uid: user.uid, currentPassword: user.password },
  });
  expect(res.status).toBe(200);
  const report = await lookup(user.email.toUpperCase());
  expect(report).toContain('was deleted at');
  expect(report).toContain('through the site');
  const mail = await mailTo(user.email, /account was deleted/);
  expect(mail.text).toContain('from the Profile page.');
  expect(mail.text).toContain('Its 1 license stopped working.');
});
