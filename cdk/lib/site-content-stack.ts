import { Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { Construct } from 'constructs';
import { UNPUBLISHED_FILE_GLOBS } from '../site/unpublished-files';

// The built site's files, uploaded by CDK's BucketDeployment after `gatsby build` (cdk/deploy.ts).
// A stack of its own because the build needs the backend's outputs first: deploy backend, build, then
// deploy this. It gets the bucket and distribution as plain names from those outputs (no
// CloudFormation exports), so the two stacks can change independently.
// Two uploads with different Cache-Control:
// 1. content-hashed files, cached for a year and never pruned, so a browser still running the
//    previous build can load its chunks after a deploy;
// 2. everything else (HTML, page-data, JSON, sitemap, robots) revalidated on every request, pruned,
//    uploaded after (1) so no page points at an asset that is not there yet, then the cache is
//    invalidated.

/** Same files as the immutable CloudFront behaviours, in `aws s3 sync` filter syntax. */
export const HASHED_FILE_GLOBS = ['static/*', '*.js', '*.css'];
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export interface SiteContentStackProps extends StackProps {
  siteDir: string;
  bucketName: string;
  distributionId: string;
  distributionDomainName: string;
}

export class SiteContentStack extends Stack {
  /** Wildcard findings acknowledged on CDK's upload function (tests pin the exact list). */
  readonly acknowledgedWildcards: string[] = [];

  constructor(scope: Construct, id: string, props: SiteContentStackProps) {
    super(scope, id, props);
    const bucket = s3.Bucket.fromBucketName(this, 'SiteBucket', props.bucketName);
    const distribution = cloudfront.Distribution.fromDistributionAttributes(this, 'Distribution', {
      distributionId: props.distributionId,
      domainName: props.distributionDomainName,
    });
    const source = s3deploy.Source.asset(props.siteDir);

    const hashed = new s3deploy.BucketDeployment(this, 'HashedAssets', {
      sources: [source],
      destinationBucket: bucket,
      exclude: ['*'],
      include: HASHED_FILE_GLOBS,
      // The source maps stay out of every upload (unpublished-files.ts).
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
      memoryLimit: 1024,
    });

    const pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [source],
      destinationBucket: bucket,
      // Excluded files are also spared by prune, so this never deletes the hashed assets above.
      exclude: [...HASHED_FILE_GLOBS, ...UNPUBLISHED_FILE_GLOBS],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 1024,
    });
    pages.node.addDependency(hashed);

    this.acknowledgeUploadFunction();
  }

  /**
   * BucketDeployment's handler is CDK's own singleton function and role; its runtime, managed policy
   * and grants are not ours to change. Each wildcard it holds is acknowledged by name (cdk-nag v3 has
   * no blanket acknowledgment), read from the policy CDK generated.
   */
  private acknowledgeUploadFunction(): void {
    const handler = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) return;
    const policy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
    const ownReason =
      "CDK's BucketDeployment upload function (aws-cdk-lib owned): reads the CDK asset object and syncs it " +
      'into the site bucket';
    if (policy instanceof iam.Policy) {
      const doc = this.resolve(policy.document.toJSON()) as { Statement?: PolicyStatementJson[] };
      for (const statement of doc.Statement ?? []) {
        if (statement.Effect !== 'Allow') continue;
        for (const action of list(statement.Action).filter((a) => a.includes('*'))) {
          this.acknowledgedWildcards.push(`Action::${action}`);
        }
        for (const resource of list(statement.Resource)
          .map(flattenCfnReference)
          .filter((r) => r.includes('*'))) {
          this.acknowledgedWildcards.push(`Resource::${resource}`);
        }
      }
      this.acknowledgedWildcards.splice(0, Infinity, ...new Set(this.acknowledgedWildcards));
      Validations.of(policy).acknowledge(
        ...this.acknowledgedWildcards.map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason: finding.startsWith('Resource::*')
            ? `${ownReason}; CloudFront invalidation actions do not take a resource ARN in CDK's grant.`
            : `${ownReason}; CDK grants read/write on object keys (s3:*Object* on bucket/*) for the sync.`,
        })),
      );
    }
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${ownReason}; CDK attaches the basic execution policy for its logs.`,
      },
      {
        id: 'AwsSolutions-L1',
        reason: `${ownReason}; its Python runtime is pinned by aws-cdk-lib and moves with CDK upgrades.`,
      },
    );
  }
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

function list<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
