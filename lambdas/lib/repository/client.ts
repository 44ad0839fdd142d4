import { DocumentTable } from '../aws/dynamodb';
import { getConfig } from '../config';

// The one DynamoDB document client, created lazily and reused across invocations of a Lambda instance.

let doc: DocumentTable | undefined;

export function db(): DocumentTable {
  if (!doc) {
    const config = getConfig();
    doc = new DocumentTable({
      signingName: 'dynamodb',
      endpointPrefix: 'dynamodb',
      endpoint: config.dynamodbEndpoint,
      region: config.region,
    });
  }
  return doc;
}

export const table = (): string => getConfig().tableName;

/** Tests and the bench point handlers at a new stack; the next call builds a fresh client. */
export function resetDb(): void {
  doc = undefined;
}

export const isConditionFailure = (err: unknown): boolean =>
  err instanceof Error && err.name === 'ConditionalCheckFailedException';
