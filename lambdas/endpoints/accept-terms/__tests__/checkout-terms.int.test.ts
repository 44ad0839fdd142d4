import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoDbClient } from '../../../../dev/dynamodb';
import { TERMS_VERSION } from '../../../../src/lib/terms-version';
import { startBff, type Bff } from '../../../__tests__/support/bff';
import { startCheckout } from '../../../__tests__/support/accounts';

// Buying records which version of the terms was accepted, and when: the checkout page sends the
// version it shows as Pay is selected, before the card is charged.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

async function stored(uid: string, subscriptionId: string) {
  const client = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  try {
    const out = await client.send(
      new GetItemCommand({
        TableName: bff.info.tableName,
        Key: { pk: { S: `USER#${uid}` }, sk: { S: `TERMS#${subscriptionId}` } },
      }),
    );
    return { version: out.Item?.version?.S, acceptedAt: out.Item?.acceptedAt?.S };
  } finally {
    client.destroy();
  }
}

it('records the version accepted for the checkout and when, once, and only the current version', async () => {
  const user = await bff.newUser();
  const { subscriptionId } = await startCheckout(bff, user, 2);
  const before = Date.now();
  const first = await bff.call('PUT', 'accept-terms', {
    user,
    body: { subscriptionId, version: TERMS_VERSION },
  });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ subscriptionId, version: TERMS_VERSION });
  expect(Date.parse(String(first.body.acceptedAt))).toBeGreaterThanOrEqual(before - 1000);
  const again = await bff.call('PUT', 'accept-terms', {
    user,
    body: { subscriptionId, version: TERMS_VERSION },
  });
  expect(again.body).toEqual(first.body);
  expect(await stored(user.uid, subscriptionId)).toEqual({
    version: TERMS_VERSION,
    acceptedAt: first.body.acceptedAt,
  });

  const old = await bff.call('PUT', 'accept-terms', {
    user,
    body: { subscriptionId, version: '2020-01-01' },
  });
  expect(old.status).toBe(409);
  expect(old.body.error?.code).toBe('TERMS_CHANGED');
  const other = await bff.newUser();
  const foreign = await bff.call('PUT', 'accept-terms', {
    user: other,
    body: { subscriptionId, version: TERMS_VERSION },
  });
  expect(foreign.status).toBe(403);
});
