import type { Template } from 'aws-cdk-lib/assertions';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lambdas/lib/origin-check';
import { removeOutput, resourcesOfType, synthesize, type SynthResult, templateOf } from './helpers';

// Only CloudFront reaches the API (cdk/lib/api.ts): without an API domain the execute-api endpoint stays
// (CloudFront's origin) and a secret origin header proves CloudFront; with apiDomainName the endpoint is
// disabled and CloudFront's origin is that domain, the header still required.

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

function apiOriginOf(t: Template): Record<string, unknown> {
  const [, dist] =
    resourcesOfType(t.toJSON() as { Resources: Resources }, 'AWS::CloudFront::Distribution')[0] ?? [];
  const config = dist?.Properties?.DistributionConfig as Record<string, Record<string, unknown>[]>;
  const target = config.CacheBehaviors?.find((b) => b.PathPattern === '/api/*')?.TargetOriginId;
  const origin = config.Origins?.find((o) => o.Id === target);
  if (!origin) throw new Error('no /api/* origin');
  return origin;
}

/** `{{resolve:secretsmanager:<the secret>...}}`, as CloudFormation's Fn::Join of the secret's Ref. */
function resolvesSecret(value: unknown, secretId: string): boolean {
  const text = JSON.stringify(value);
  return text.includes('{{resolve:secretsmanager:') && text.includes(`"Ref":"${secretId}"`);
}

function originSecretId(t: Template): string {
  const secrets = resourcesOfType(t.toJSON() as { Resources: Resources }, 'AWS::SecretsManager::Secret');
  const found = secrets.filter(([, r]) => r.Properties?.GenerateSecretString !== undefined);
  expect(found).toHaveLength(1);
  return found[0]?.[0] ?? '';
}

describe('without an API domain', () => {
  let result: SynthResult;
  let t: Template;
  beforeAll(() => {
    result = synthesize();
    t = templateOf(result, result.backend);
  });
  afterAll(() => removeOutput(result));

  it('keeps the execute-api endpoint, which is CloudFront’s origin', () => {
    const [[, api]] = resourcesOfType(
      t.toJSON() as { Resources: Resources },
      'AWS::ApiGatewayV2::Api',
    ) as unknown as [[string, { Properties: Record<string, unknown> }]];
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(false);
    expect(JSON.stringify(apiOriginOf(t).DomainName)).toContain('execute-api');
    t.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
  });

  it('CloudFront adds the generated origin secret as a header, resolved at deploy time', () => {
    const id = originSecretId(t);
    t.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    const headers = apiOriginOf(t).OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    expect(resolvesSecret(headers[0]?.HeaderValue, id)).toBe(true);
  });

  it('every BFF function gets the same secret to check the header against', () => {
    const id = originSecretId(t);
    const bff = resourcesOfType(t.toJSON() as { Resources: Resources }, 'AWS::Lambda::Function').filter(
      ([, r]) => String(r.Properties?.Description ?? '').startsWith('BFF handler'),
    );
    expect(bff.length).toBeGreaterThan(10);
    for (const [, fn] of bff) {
      const vars = (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(resolvesSecret(vars[ORIGIN_VERIFY_ENV], id)).toBe(true);
    }
  });
});

describe('with apiDomainName', () => {
  let result: SynthResult;
  let t: Template;
  const certificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/api-cert';
  beforeAll(() => {
    result = synthesize({ apiDomainName: 'api.stockbench.example', apiCertificateArn: certificateArn });
    t = templateOf(result, result.backend);
  });
  afterAll(() => removeOutput(result));

  it('disables the execute-api endpoint and serves the API on its own domain', () => {
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    t.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.stockbench.example',
      DomainNameConfigurations: [
        { CertificateArn: certificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ],
    });
    t.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    t.hasOutput('ApiDomainTarget', {});
  });

  it('CloudFront reaches the API at that domain, still with the origin header', () => {
    const origin = apiOriginOf(t);
    // Ref of the DomainName resource is its name (and makes CloudFront wait for it).
    const [[domainId, domain]] = resourcesOfType(
      t.toJSON() as { Resources: Resources },
      'AWS::ApiGatewayV2::DomainName',
    ) as unknown as [[string, { Properties: Record<string, unknown> }]];
    expect(origin.DomainName).toEqual({ Ref: domainId });
    expect(domain.Properties.DomainName).toBe('api.stockbench.example');
    const headers = origin.OriginCustomHeaders as { HeaderName: string }[];
    expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
  });

  it('cdk-nag has no unacknowledged finding', () => {
    expect(result.nagViolations).toEqual([]);
  });
});
