import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { localDynamoDbClient, startDynamoDb, type LocalDynamoDb } from '../../dev/dynamodb';
import { DocumentTable } from '../lib/aws/dynamodb';
import { AwsError } from '../lib/aws/client';
import { LICENSE_KEY_INDEX } from '../lib/table';

// Our DynamoDB document operations against dynalite, checked item for item against the AWS SDK's
// DynamoDBDocumentClient: what one writes, the other reads back identically.

describe('DocumentTable on dynalite', () => {
  const TableName = 'stockbench-doc-test';
  let dir: string;
  let ddb: LocalDynamoDb;
  let ours: DocumentTable;
  let sdk: DynamoDBDocumentClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-doc-'));
    ddb = await startDynamoDb({ path: dir, port: 0, tableName: TableName });
    ours = new DocumentTable({
      signingName: 'dynamodb',
      endpointPrefix: 'dynamodb',
      endpoint: ddb.endpoint,
      region: 'us-east-1',
    });
    sdk = DynamoDBDocumentClient.from(localDynamoDbClient(ddb.endpoint), {
      marshallOptions: { removeUndefinedValues: true },
    });
  });
  afterAll(async () => {
    sdk.destroy();
    await ddb.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const item = {
    pk: 'USER#u1',
    sk: 'ACCOUNT',
    count: 3,
    price: 15.5,
    active: true,
    none: null,
    tags: ['a', 'b'],
    nested: { card: { brand: 'visa', last4: '4242' }, empty: {} },
    dropped: undefined,
  };
  const { dropped: _dropped, ...stored } = item;

  it('puts an item the SDK reads identically, and gets one the SDK wrote', async () => {
    await ours.put({ TableName, Item: item });
    const viaSdk = await sdk.send(new GetCommand({ TableName, Key: { pk: 'USER#u1', sk: 'ACCOUNT' } }));
    expect(viaSdk.Item).toEqual(stored);

    await sdk.send(new PutCommand({ TableName, Item: { ...stored, sk: 'OTHER', count: 7 } }));
    const viaOurs = await ours.get({ TableName, Key: { pk: 'USER#u1', sk: 'OTHER' }, ConsistentRead: true });
    expect(viaOurs.Item).toEqual({ ...stored, sk: 'OTHER', count: 7 });
    expect((await ours.get({ TableName, Key: { pk: 'USER#u1', sk: 'MISSING' } })).Item).toBeUndefined();
  });

  it('refuses a failed condition with ConditionalCheckFailedException and changes nothing', async () => {
    const err = await ours
      .put({ TableName, Item: { ...stored, count: 99 }, ConditionExpression: 'attribute_not_exists(pk)' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AwsError);
    expect((err as AwsError).name).toBe('ConditionalCheckFailedException');
    expect((await ours.get({ TableName, Key: { pk: 'USER#u1', sk: 'ACCOUNT' } })).Item?.count).toBe(3);
  });

  it('updates with expression values and answers the new attributes', async () => {
    const out = await ours.update({
      TableName,
      Key: { pk: 'USER#u1', sk: 'ACCOUNT' },
      UpdateExpression: 'SET #c = #c + :one, #e = if_not_exists(#e, :e) REMOVE #n',
      ExpressionAttributeNames: { '#c': 'count', '#e': 'email', '#n': 'none' },
      ExpressionAttributeValues: { ':one': 1, ':e': 'a@example.com' },
      ReturnValues: 'ALL_NEW',
    });
    expect(out.Attributes).toMatchObject({ count: 4, email: 'a@example.com' });
    expect(out.Attributes).not.toHaveProperty('none');
  });

  it('queries page by page, and by index', async () => {
    for (let i = 0; i < 5; i++) {
      await ours.put({ TableName, Item: { pk: 'USER#u2', sk: `LICENSE#s#${i}`, licenseKey: `K${i}` } });
    }
    const keys: string[] = [];
    let start: Record<string, unknown> | undefined;
    let pages = 0;
    do {
      const out = await ours.query({
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': 'USER#u2', ':p': 'LICENSE#' },
        Limit: 2,
        ExclusiveStartKey: start,
      });
      keys.push(...(out.Items ?? []).map((i) => String(i.licenseKey)));
      start = out.LastEvaluatedKey;
      pages++;
    } while (start);
    expect(keys).toEqual(['K0', 'K1', 'K2', 'K3', 'K4']);
    expect(pages).toBeGreaterThanOrEqual(3);

    const byKey = await ours.query({
      TableName,
      IndexName: LICENSE_KEY_INDEX,
      KeyConditionExpression: 'licenseKey = :k',
      ExpressionAttributeValues: { ':k': 'K3' },
    });
    expect(byKey.Items).toEqual([{ pk: 'USER#u2', sk: 'LICENSE#s#3', licenseKey: 'K3' }]);
  });

  it('deletes in a batch', async () => {
    const out = await ours.batchWrite({
      RequestItems: {
        [TableName]: [0, 1, 2].map((i) => ({
          DeleteRequest: { Key: { pk: 'USER#u2', sk: `LICENSE#s#${i}` } },
        })),
      },
    });
    expect(out.UnprocessedItems ?? {}).toEqual({});
    const left = await ours.query({
      TableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'USER#u2' },
      ConsistentRead: true,
    });
    expect(left.Items?.map((i) => i.licenseKey)).toEqual(['K3', 'K4']);
  });
});
