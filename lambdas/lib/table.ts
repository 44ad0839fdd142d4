import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

// The one definition of the product's DynamoDB table. CDK, the BFF and the local stack all read it,
// so a key or index name cannot drift between production and the emulator.

export const DEFAULT_TABLE_NAME = 'stockbench';
export const PARTITION_KEY = 'pk';
export const SORT_KEY = 'sk';
export const LICENSE_KEY_INDEX = 'byLicenseKey';
export const LICENSE_KEY_ATTRIBUTE = 'licenseKey';
export const CUSTOMER_ID_INDEX = 'byCustomerId';
export const CUSTOMER_ID_ATTRIBUTE = 'customerId';
/** Licenses by the person they are assigned to (sparse: only assigned license slots carry it). */
export const ASSIGNEE_INDEX = 'byAssignee';
export const ASSIGNEE_ATTRIBUTE = 'assigneeEmail';
/** Epoch seconds; DynamoDB deletes items some time after it passes, so readers must filter too. */
export const TTL_ATTRIBUTE = 'expiresAt';

/** The table name from the environment (Lambda and local stack both set TABLE_NAME). */
export const tableName = (): string => process.env.TABLE_NAME || DEFAULT_TABLE_NAME;

/** CreateTable input for the product's table (on-demand; TTL is set separately, it is not part of CreateTable). */
export function tableDefinition(name: string = tableName()): CreateTableCommandInput {
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: PARTITION_KEY, AttributeType: 'S' },
      { AttributeName: SORT_KEY, AttributeType: 'S' },
      { AttributeName: LICENSE_KEY_ATTRIBUTE, AttributeType: 'S' },
      { AttributeName: CUSTOMER_ID_ATTRIBUTE, AttributeType: 'S' },
      { AttributeName: ASSIGNEE_ATTRIBUTE, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: PARTITION_KEY, KeyType: 'HASH' },
      { AttributeName: SORT_KEY, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: LICENSE_KEY_INDEX,
        KeySchema: [{ AttributeName: LICENSE_KEY_ATTRIBUTE, KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: CUSTOMER_ID_INDEX,
        KeySchema: [{ AttributeName: CUSTOMER_ID_ATTRIBUTE, KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: ASSIGNEE_INDEX,
        KeySchema: [{ AttributeName: ASSIGNEE_ATTRIBUTE, KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}
