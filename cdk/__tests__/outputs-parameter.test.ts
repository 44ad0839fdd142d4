import { outputsParameterName } from '../lib/outputs-parameter';
import { templatesWith } from './deploy-synth';

// Each stack keeps its outputs as one SSM parameter (cdk/lib/outputs-parameter.ts), a standard-tier
// String, whose value SSM refuses past 4,096 characters ("Standard tier parameters support a maximum
// parameter value of 4096 characters"): with every optional output set, the value stays below it, each
// resolved name or ARN counted at 128 characters (longer than any the stack's outputs hold).

const STANDARD_TIER_LIMIT = 4096;
const TOKEN_BOUND = 128;

it('the backend outputs parameter stays within the standard tier with every optional output set', () => {
  const backend = templatesWith({
    env: 'production',
    domainName: 'www.stockbench.app',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    apiDomainName: 'api.stockbench.app',
    apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    analyticsId: 'G-ABCDEFGHIJ',
    machineLimit: '100',
    alarmEmail: 'ops@stockbench.app',
  })['Stockbench-production'];
  const parameter = Object.values(backend?.Resources ?? {}).find(
    (r) =>
      r.Type === 'AWS::SSM::Parameter' &&
      r.Properties?.Name === outputsParameterName('production', 'backend'),
  );
  const value = parameter?.Properties?.Value as { 'Fn::Join'?: [string, unknown[]] } | string | undefined;
  const parts = typeof value === 'string' ? [value] : (value?.['Fn::Join']?.[1] ?? []);
  expect(parts.length).toBeGreaterThan(0);
  const length = parts.reduce<number>(
    (sum, part) => sum + (typeof part === 'string' ? part.length : TOKEN_BOUND),
    0,
  );
  expect(length).toBeLessThanOrEqual(STANDARD_TIER_LIMIT);
});
