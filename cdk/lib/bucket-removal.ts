import { RemovalPolicy } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';

/**
 * What becomes of a bucket when its stack is deleted. Production keeps it (logs and the site outlive a
 * stack mistake). Any other environment is destroyed without a trace: CloudFormation deletes only an
 * empty bucket, so CDK's autoDeleteObjects custom resource empties it first, and every create and
 * destroy of a staging or dev environment would otherwise leave its buckets behind.
 */
export function bucketRemoval(
  production: boolean,
): Pick<s3.BucketProps, 'removalPolicy' | 'autoDeleteObjects'> {
  return production
    ? { removalPolicy: RemovalPolicy.RETAIN }
    : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };
}
