import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSIGNEE_INDEX,
  CUSTOMER_ID_INDEX,
  LICENSE_KEY_INDEX,
  tableDefinition,
} from '../../lambdas/lib/table';
import { localDynamoDbClient, startDynamoDb, waitForTable, type LocalDynamoDb } from '../dynamodb';

describe('local DynamoDB (dynalite)', () => {
  let dir: string;
  let db: LocalDynamoDb;
  const tableName = 'stockbench-test';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-ddb-'));
    db = await startDynamoDb({ path: dir, port: 0, tableName });
  });
  afterAll(async () => {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the table with its indexes', async () => {
    const client = localDynamoDbClient(db.endpoint);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    client.destroy();
    expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
      [ASSIGNEE_INDEX, CUSTOMER_ID_INDEX, LICENSE_KEY_INDEX].sort(),
    );
  });

  it('does conditional puts and queries both indexes through lib-dynamodb', async () => {
    const doc = DynamoDBDocumentClient.from(localDynamoDbClient(db.endpoint));
    const account = { pk: 'USER#u1', sk: 'ACCOUNT', customerId: 'cus_1', email: 'a@example.com' };
    const license = { pk: 'USER#u1', sk: 'LICENSE#k1', licenseKey: 'k1', expirationDate: 'NONE' };
    const once = { ConditionExpression: 'attribute_not_exists(pk)' };
    await doc.send(new PutCommand({ TableName: tableName, Item: account, ...once }));
    await doc.send(new PutCommand({ TableName: tableName, Item: license, ...once }));
    await expect(
      doc.send(new PutCommand({ TableName: tableName, Item: license, ...once })),
    ).rejects.toBeInstanceOf(ConditionalCheckFailedException);

    const byKey = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: LICENSE_KEY_INDEX,
        KeyConditionExpression: 'licenseKey = :k',
        ExpressionAttributeValues: { ':k': 'k1' },
      }),
    );
    expect(byKey.Items).toEqual([license]);
    const byCustomer = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: CUSTOMER_ID_INDEX,
        KeyConditionExpression: 'customerId = :c',
        ExpressionAttributeValues: { ':c': 'cus_1' },
      }),
    );
    expect(byCustomer.Items).toEqual([account]);
    doc.destroy();
  });

  it('keeps data across a restart', async () => {
    await db.stop();
    db = await startDynamoDb({ path: dir, port: 0, tableName });
    const doc = DynamoDBDocumentClient.from(localDynamoDbClient(db.endpoint));
    const { Items } = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'USER#u1' },
      }),
    );
    expect(Items).toHaveLength(2);
    doc.destroy();
  });

  it('adds an index a table kept from an older version lacks, keeping every item', async () => {
    // The table as a version before the assignee index made it, holding the items written above.
    const admin = localDynamoDbClient(db.endpoint);
    const doc = DynamoDBDocumentClient.from(admin);
    const old = 'stockbench-old';
    const definition = tableDefinition(old);
    await admin.send(
      new CreateTableCommand({
        ...definition,
        GlobalSecondaryIndexes: definition.GlobalSecondaryIndexes?.filter(
          (i) => i.IndexName !== ASSIGNEE_INDEX,
        ),
      }),
    );
    await waitForTable(admin, old, 'ACTIVE');
    const slot = { pk: 'USER#u2', sk: 'LICENSE#s#0000', licenseKey: 'k2', assigneeEmail: 'b@example.com' };
    await doc.send(new PutCommand({ TableName: old, Item: slot }));
    await db.stop();
    db = await startDynamoDb({ path: dir, port: 0, tableName: old });

    const client = DynamoDBDocumentClient.from(localDynamoDbClient(db.endpoint));
    const byAssignee = await client.send(
      new QueryCommand({
        TableName: old,
        IndexName: ASSIGNEE_INDEX,
        KeyConditionExpression: 'assigneeEmail = :a',
        ExpressionAttributeValues: { ':a': 'b@example.com' },
      }),
    );
    expect(byAssignee.Items).toEqual([slot]);
    await client.send(new DeleteTableCommand({ TableName: old }));
    client.destroy();
    doc.destroy();
  });
});
