import { setTimeout as sleep } from 'node:timers/promises';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { keepIdleConnections } from './listen';
import { tableDefinition } from '../lambdas/lib/table';
import { ownCredentials, type Credentials } from './iam/policy';

// Local DynamoDB: dynalite in this process (closing it also closes its LevelDB, so nothing is left
// behind), data persisted under `path` (in memory without one), and the product's table created when
// missing.

export interface LocalDynamoDb {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startDynamoDb(opts: {
  /** LevelDB's directory; without one, the data lives in memory and ends with the server. */
  path: string | undefined;
  port: number;
  tableName: string;
}): Promise<LocalDynamoDb> {
  if (opts.path) await mkdir(opts.path, { recursive: true });
  const server = dynalite({ path: opts.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  keepIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    await ensureTable(endpoint, opts.tableName);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, stop };
}

/**
 * A client for the stack's own code: the admin's keys by default (ownCredentials), so it passes the
 * IAM gate (StackInfo.awsGate) as well as dynalite itself, which checks no signature.
 */
export function localDynamoDbClient(
  endpoint: string,
  credentials: Credentials = ownCredentials(),
): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
}

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoDbClient(endpoint);
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    if (TableNames.includes(tableName)) {
      await addMissingIndexes(client, tableName);
      return;
    }
    // dynalite has no UpdateTimeToLive: TTL only exists in CDK; code filters expired items anyway.
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
    await waitForTable(client, tableName, 'ACTIVE');
  } finally {
    client.destroy();
  }
}

/**
 * A table kept from an older version of the product (`npm start` persists its data) gets the indexes
 * added since. In AWS, CDK adds an index to the live table; dynalite cannot (its UpdateTable ignores
 * index creation), so the local table is made again from the definition with every item copied over.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const definition = tableDefinition(tableName);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  if ((definition.GlobalSecondaryIndexes ?? []).every((i) => present.has(i.IndexName))) return;
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  await waitForTable(client, tableName, 'gone');
  await client.send(new CreateTableCommand(definition));
  await waitForTable(client, tableName, 'ACTIVE');
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []).flatMap((r) =>
        r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
      );
    }
  }
}

/** Waits until the table is gone or ACTIVE: dynalite creates and deletes in the background, even at 0 ms. */
export async function waitForTable(
  client: DynamoDBClient,
  tableName: string,
  state: 'gone' | 'ACTIVE',
): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const status = await client
      .send(new DescribeTableCommand({ TableName: tableName }))
      .then((out) => out.Table?.TableStatus)
      .catch((err: unknown) => {
        if (err instanceof ResourceNotFoundException) return 'gone';
        throw err;
      });
    if (status === state) return;
    if (Date.now() > giveUpAt)
      throw new Error(`table ${tableName} not ${state} after 30 s (${status ?? '?'})`);
    await sleep(20);
  }
}
