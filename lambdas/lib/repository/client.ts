import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { localCredentials } from '../aws-local';

// The one DynamoDB document client, created lazily and reused across invocations of a Lambda instance.

let doc: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!doc) {
    const config = getConfig();
    const client = new DynamoDBClient({
      region: config.region,
      endpoint: config.dynamodbEndpoint,
      credentials: localCredentials(config.dynamodbEndpoint),
      maxAttempts: 3,
    });
    doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return doc;
}

export const table = (): string => getConfig().tableName;

/** Tests and the bench point handlers at a new stack; the next call builds a fresh client. */
export function resetDb(): void {
  doc?.destroy();
  doc = undefined;
}

export const isConditionFailure = (err: unknown): boolean =>
  err instanceof Error && err.name === 'ConditionalCheckFailedException';
