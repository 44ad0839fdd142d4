import { CloudFrontClient, GetDistributionCommand } from '@aws-sdk/client-cloudfront';
import { GetParameterCommand, GetParametersByPathCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { checkWebAclAttached } from '../first-deploy-checks';
import { Report } from '../report';
import { resolveTarget } from '../target';

// `npm run smoke --url` from a checkout that did not deploy (no cdk.out/): the deploy's outputs are read
// from AWS, the SSM parameters each stack keeps them in (cdk/lib/outputs-parameter.ts); AWS is mocked.

const ssm = mockClient(SSMClient);
const cloudfront = mockClient(CloudFrontClient);
const ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/stockbench-production/a1';
const BACKEND = {
  SiteUrl: 'https://www.stockbench.app',
  DistributionId: 'E2EXAMPLE',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
  UserPoolId: 'eu-west-1_EXAMPLE',
  StripeSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Stripe-1',
  GatsbyCognitoRegion: 'eu-west-1',
};

beforeEach(() => {
  ssm.reset();
  cloudfront.reset();
  ssm.on(GetParametersByPathCommand).resolves({
    Parameters: [
      {
        Name: '/stockbench/staging/backend-outputs',
        Value: JSON.stringify({ SiteUrl: 'https://staging.x' }),
      },
      { Name: '/stockbench/production/backend-outputs', Value: JSON.stringify(BACKEND) },
      { Name: '/stockbench/production/edge-outputs', Value: JSON.stringify({ WebAclArn: ACL }) },
    ],
  });
  ssm
    .on(GetParameterCommand, { Name: '/stockbench/production/edge-outputs' })
    .resolves({ Parameter: { Value: JSON.stringify({ WebAclArn: ACL }) } });
});

it("finds the deploy serving --url among the account's environments, without an outputs file", async () => {
  const target = await resolveTarget({
    url: 'https://www.stockbench.app',
    region: 'eu-west-1',
    outputsFile: undefined,
    localDir: '.local',
  });
  expect(target.deploy).toMatchObject({ stackName: 'Stockbench-production', outputs: BACKEND });
  expect(target.cognito.region).toBe('eu-west-1');
  expect(target.notes.join('\n')).toContain('/stockbench/');
});

it("checks the distribution's web ACL against the edge stack's, read from us-east-1", async () => {
  const target = await resolveTarget({
    url: 'https://www.stockbench.app',
    region: 'eu-west-1',
    localDir: '.local',
  });
  const lines: string[] = [];
  cloudfront
    .on(GetDistributionCommand)
    .resolves({ Distribution: { DistributionConfig: { WebACLId: `${ACL}-other` } } as never });
  const wrong = new Report((line) => lines.push(line));
  await checkWebAclAttached(target, wrong);
  expect(wrong.failed).toBe(1);
  expect(lines.join('\n')).toContain(`not ${ACL}`);
  const ssmRegions = await Promise.all(
    ssm.commandCalls(GetParameterCommand).map((c) => (c.thisValue as SSMClient).config.region()),
  );
  expect(ssmRegions).toEqual(['us-east-1']);

  cloudfront
    .on(GetDistributionCommand)
    .resolves({ Distribution: { DistributionConfig: { WebACLId: ACL } } as never });
  const right = new Report(() => undefined);
  await checkWebAclAttached(target, right);
  expect(right.failed).toBe(0);
});
