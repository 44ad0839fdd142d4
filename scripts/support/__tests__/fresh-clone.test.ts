import { GetParametersByPathCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { deployTemplates } from '../../../cdk/__tests__/deploy-synth';
import { outputsParameterName } from '../../../cdk/lib/outputs-parameter';
import { parseSupportArgs } from '../args';
import { resolveSupportTarget } from '../target';

// `npm run support -- --url <site>` from a checkout that did not deploy (a colleague's clone, no
// cdk.out/): everything it needs is read from the backend stack's outputs parameter in SSM, as the
// synthesized template writes it; AWS is mocked.

const ssm = mockClient(SSMClient);
const SITE = 'https://www.stockbench.app';

/** The output ids the backend's outputs parameter holds, read from its value in the template. */
function parameterKeys(): string[] {
  const backend = deployTemplates().templates['Stockbench-dev'];
  const parameter = Object.values(backend?.Resources ?? {}).find(
    (r) => r.Type === 'AWS::SSM::Parameter' && r.Properties?.Name === outputsParameterName('dev', 'backend'),
  );
  const literal = JSON.stringify(parameter?.Properties?.Value ?? '');
  return [...literal.matchAll(/\\"(\w+)\\":/g)].map((m) => m[1] ?? '');
}

it("takes the table, user pool, Stripe secret and region from the stack's outputs parameter", async () => {
  const keys = parameterKeys();
  expect(keys).toContain('SiteUrl');
  // Each output as the stack writes it, the site's URL where the tool looks for it.
  const outputs: Record<string, string> = Object.fromEntries(keys.map((k) => [k, `deployed-${k}`]));
  Object.assign(outputs, { SiteUrl: SITE, GatsbySiteUrl: SITE, GatsbyCognitoRegion: 'eu-west-1' });
  ssm.on(GetParametersByPathCommand).resolves({
    Parameters: [{ Name: outputsParameterName('production', 'backend'), Value: JSON.stringify(outputs) }],
  });
  const parsed = parseSupportArgs(
    ['lookup', 'a@example.com', '--url', SITE, '--region', 'eu-west-1'],
    {},
    'op',
  );
  if (!('options' in parsed)) throw new Error('the command line did not parse');
  const target = await resolveSupportTarget({ ...parsed.options, outputsFile: undefined });
  expect(target.env).toEqual({
    AWS_REGION: 'eu-west-1',
    TABLE_NAME: 'deployed-TableName',
    COGNITO_USER_POOL_ID: 'deployed-UserPoolId',
    STRIPE_SECRET_ARN: 'deployed-StripeSecretArn',
    SITE_URL: SITE,
  });
});
