import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  ASSIGNEE_ATTRIBUTE,
  ASSIGNEE_INDEX,
  CUSTOMER_ID_ATTRIBUTE,
  CUSTOMER_ID_INDEX,
  LICENSE_KEY_ATTRIBUTE,
  LICENSE_KEY_INDEX,
  PARTITION_KEY,
  SORT_KEY,
  TTL_ATTRIBUTE,
} from '../../lambdas/lib/table';

// The product's one DynamoDB table. Key, index and TTL names come from lambdas/lib/table.ts, the same
// definition the BFF and the local emulator use, so they cannot drift.

export interface DataProps {
  production: boolean;
}

export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const str = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: PARTITION_KEY, type: str },
      sortKey: { name: SORT_KEY, type: str },
      // On-demand: no capacity to plan, nothing billed at idle but storage.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Customer records and licenses must survive a stack mistake in production.
      deletionProtection: props.production,
      removalPolicy: props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: LICENSE_KEY_INDEX,
      partitionKey: { name: LICENSE_KEY_ATTRIBUTE, type: str },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: CUSTOMER_ID_INDEX,
      partitionKey: { name: CUSTOMER_ID_ATTRIBUTE, type: str },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: ASSIGNEE_INDEX,
      partitionKey: { name: ASSIGNEE_ATTRIBUTE, type: str },
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
}
