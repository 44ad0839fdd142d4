import { Aws, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { ACCESS_LOG_FIELDS, ACCESS_LOG_RETENTION_DAYS } from './access-logs';
import { bucketRemoval } from './bucket-removal';
import { EdgeAlarms } from './edge-alarms';

// CloudFront's access logs through standard logging v2 (CloudWatch Logs' vended log delivery): a
// delivery source for the distribution, an S3 bucket as destination, and a delivery that writes only
// the fields in access-logs.ts, so no URL's query string reaches a kept log. CloudFront's delivery
// source must be created in us-east-1, hence this stack's region. It needs the distribution's id,
// which exists once the backend stack is deployed: cdk/deploy.ts deploys it afterwards with the id
// as context (distributionId), as it does the site content stack. The edge's alarms (edge-alarms.ts) are
// here too: their metrics are in us-east-1 and the CloudFront one needs the distribution's id.

export interface AccessLogsStackProps extends StackProps {
  distributionId: string;
  alarmEmail?: string;
  production: boolean;
}

export class AccessLogsStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly delivery: logs.CfnDelivery;
  readonly alarms: EdgeAlarms;

  constructor(scope: Construct, id: string, props: AccessLogsStackProps) {
    super(scope, id, props);

    this.bucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
      // Kept in production like the other log bucket: a stack mistake must not delete the logs with it.
      ...bucketRemoval(props.production),
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket holds access logs; logging access to it would log into itself.',
    });
    // Vended log delivery writes as the logs service, for deliveries of this account only.
    const fromLogDelivery = {
      StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
      ArnLike: {
        'aws:SourceArn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:*`,
      },
    };
    const logDelivery = new iam.ServicePrincipal('delivery.logs.amazonaws.com');
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [logDelivery],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects('*')],
        conditions: {
          ...fromLogDelivery,
          StringEquals: { ...fromLogDelivery.StringEquals, 's3:x-amz-acl': 'bucket-owner-full-control' },
        },
      }),
    );
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AWSLogDeliveryAclCheck',
        principals: [logDelivery],
        actions: ['s3:GetBucketAcl', 's3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: fromLogDelivery,
      }),
    );

    const source = new logs.CfnDeliverySource(this, 'Source', {
      name: `cloudfront-${props.distributionId}`,
      logType: 'ACCESS_LOGS',
      resourceArn: `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${props.distributionId}`,
    });
    const destination = new logs.CfnDeliveryDestination(this, 'Destination', {
      name: `cloudfront-${props.distributionId}-s3`,
      destinationResourceArn: this.bucket.bucketArn,
      outputFormat: 'json',
    });
    destination.node.addDependency(this.bucket.policy ?? this.bucket);
    this.delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...ACCESS_LOG_FIELDS],
      s3SuffixPath: 'cloudfront/{DistributionId}/{yyyy}/{MM}/{dd}/{HH}',
    });
    this.delivery.addResourceDependency(source);

    this.alarms = new EdgeAlarms(this, 'Alarms', {
      distributionId: props.distributionId,
      alarmEmail: props.alarmEmail,
    });
  }
}
