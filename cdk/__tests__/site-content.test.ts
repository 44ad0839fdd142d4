import * as fs from 'node:fs';
import type { Template } from 'aws-cdk-lib/assertions';
import {
  HASHED_FILE_GLOBS,
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
} from '../lib/site-content-stack';
import { UNPUBLISHED_FILE_GLOBS } from '../site/unpublished-files';
import { removeOutput, synthesize, type SynthResult, templateOf, tinySiteDir } from './helpers';

// The upload stack, synthesized with a tiny stand-in for public/ and the backend outputs as context.

let result: SynthResult;
let t: Template;
let siteDir: string;

beforeAll(() => {
  siteDir = tinySiteDir();
  result = synthesize({
    siteDir,
    siteBucketName: 'stockbench-dev-site-bucket',
    distributionId: 'E2EXAMPLE',
    distributionDomainName: 'd111111abcdef8.cloudfront.net',
  });
  if (!result.siteContent) throw new Error('site content stack missing');
  t = templateOf(result, result.siteContent);
});

afterAll(() => {
  fs.rmSync(siteDir, { recursive: true, force: true });
  removeOutput(result);
});

const deployments = () =>
  Object.values(t.findResources('Custom::CDKBucketDeployment')).map((r) => r.Properties);

it('passes cdk-nag with only the upload function acknowledged', () => {
  expect(result.nagViolations).toEqual([]);
  // A CDK upgrade that widens its grants shows up here rather than passing silently.
  expect([...(result.siteContent?.acknowledgedWildcards ?? [])].sort()).toEqual(
    [
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Resource::*',
      'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
      'Resource::arn:<AWS::Partition>:s3:::stockbench-dev-site-bucket/*',
    ].sort(),
  );
});

it('hashed assets: cached a year, never pruned', () => {
  expect(deployments()).toContainEqual(
    expect.objectContaining({
      DestinationBucketName: 'stockbench-dev-site-bucket',
      Prune: false,
      Exclude: ['*'],
      Include: HASHED_FILE_GLOBS,
      SystemMetadata: { 'cache-control': IMMUTABLE_CACHE_CONTROL },
    }),
  );
});

it('pages: revalidated, pruned, invalidated, after the assets', () => {
  const pages = Object.entries(t.findResources('Custom::CDKBucketDeployment')).find(
    ([, r]) => r.Properties.Prune === true,
  );
  expect(pages?.[1].Properties).toMatchObject({
    Exclude: [...HASHED_FILE_GLOBS, ...UNPUBLISHED_FILE_GLOBS],
    SystemMetadata: { 'cache-control': REVALIDATE_CACHE_CONTROL },
    DistributionId: 'E2EXAMPLE',
    DistributionPaths: ['/*'],
  });
  expect(JSON.stringify(pages?.[1].DependsOn)).toContain('HashedAssets');
});

it('references the backend by plain names, not CloudFormation exports', () => {
  expect(JSON.stringify(t.toJSON())).not.toContain('Fn::ImportValue');
});

it('uploads no source map: no upload includes one, the pages upload excludes them', () => {
  for (const props of deployments()) {
    const include = (props.Include ?? []) as string[];
    const exclude = (props.Exclude ?? []) as string[];
    expect(include.some((glob) => glob.endsWith('.map'))).toBe(false);
    // The hashed upload excludes everything but its includes; the pages upload names the maps.
    expect(exclude.includes('*') || exclude.includes('*.map')).toBe(true);
  }
});
