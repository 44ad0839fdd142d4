import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocument, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';
import { awsClientDefaults } from '../aws-clients';

// The one DynamoDB document client, created lazily and reused across invocations of a Lambda instance.
// Region, credentials and (locally) the endpoint come from the environment the SDK reads itself.

let doc: DynamoDBDocument | undefined;

export function db(): DynamoDBDocument {
  doc ??= DynamoDBDocument.from(new DynamoDBClient(awsClientDefaults()), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

export const table = (): string => getConfig().tableName;

/** Tests point the library at a new stack; the next call builds a fresh client. */
export function resetDb(): void {
  doc?.destroy();
  doc = undefined;
}

export const isConditionFailure = (err: unknown): boolean =>
  err instanceof Error && err.name === 'ConditionalCheckFailedException';

/**
 * A single-item update under a condition that may not hold (a race or a retry): the item as written,
 * or undefined when the condition failed. Any other failure is thrown.
 */
export async function updateIf(
  input: Omit<UpdateCommandInput, 'TableName' | 'ReturnValues'>,
): Promise<Record<string, unknown> | undefined> {
  try {
    const out = await db().update({ TableName: table(), ReturnValues: 'ALL_NEW', ...input });
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
