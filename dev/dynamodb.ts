import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { tableDefinition } from '../lambdas/lib/table';
import { ownCredentials, type Credentials } from './iam/policy';

// Local DynamoDB: dynalite in this process (closing it also closes its LevelDB, so nothing is left
// behind), data persisted under `path`, and the product's table created when missing.

export interface LocalDynamoDb {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function startDynamoDb(opts: {
  path: string;
  port: number;
  tableName: string;
}): Promise<LocalDynamoDb> {
  await mkdir(opts.path, { recursive: true });
  const server = dynalite({ path: opts.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
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
    if (TableNames.includes(tableName)) return;
    // dynalite has no UpdateTimeToLive: TTL only exists in CDK; code filters expired items anyway.
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
  } finally {
    client.destroy();
  }
}
