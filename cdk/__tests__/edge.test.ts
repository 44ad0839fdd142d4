import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { routes } from '../../lambdas/routes';
import { ACCESS_LOG_RETENTION_DAYS, FORBIDDEN_ACCESS_LOG_FIELDS } from '../lib/access-logs';
import { EDGE_RATE_LIMITS, OFFICE_API_REQUESTS, OFFICE_DESKTOP_REQUESTS } from '../lib/edge-rate-limits';
import { removeOutput, resourcesOfType, synthesize, type SynthResult, templateOf } from './helpers';

// What the distribution keeps and lets through at the edge: access logs
// through standard logging v2 without query strings, kept 90 days, legacy logging off; the WAF web
// ACL in us-east-1 with per-client rate limits on every API route, stricter on the public ones.

const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/stockbench-dev/abc';
const DISTRIBUTION_ID = 'E2EXAMPLE12345';

let result: SynthResult;
let edge: Template;
let backend: Template;
let accessLogs: Template;

beforeAll(() => {
  result = synthesize({ webAclArn: WEB_ACL_ARN, distributionId: DISTRIBUTION_ID });
  edge = templateOf(result, result.edge);
  backend = templateOf(result, result.backend);
  if (!result.accessLogs) throw new Error('no access logs stack with a distributionId');
  accessLogs = templateOf(result, result.accessLogs);
});

afterAll(() => removeOutput(result));

it('passes cdk-nag', () => {
  expect(result.nagViolations).toEqual([]);
});

it('the web ACL and the log delivery are in us-east-1, as CloudFront requires', () => {
  expect(result.edge.region).toBe('us-east-1');
  expect(result.accessLogs?.region).toBe('us-east-1');
});

describe('access logs (no secret in a log we keep)', () => {
  const delivery = () => {
    const [entry] = resourcesOfType(accessLogs.toJSON(), 'AWS::Logs::Delivery');
    return (entry?.[1].Properties ?? {}) as { RecordFields?: string[] };
  };

  it('the distribution has no legacy logging, which writes every query string', () => {
    const [[, distribution] = []] = resourcesOfType(backend.toJSON(), 'AWS::CloudFront::Distribution');
    const config = (distribution?.Properties as { DistributionConfig: Record<string, unknown> })
      .DistributionConfig;
    expect(config).not.toHaveProperty('Logging');
  });

  it('standard logging v2 delivers the distribution access logs to S3', () => {
    accessLogs.hasResourceProperties('AWS::Logs::DeliverySource', {
      LogType: 'ACCESS_LOGS',
      ResourceArn: {
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':cloudfront::',
            { Ref: 'AWS::AccountId' },
            `:distribution/${DISTRIBUTION_ID}`,
          ],
        ],
      },
    });
    const [[bucketId] = []] = resourcesOfType(accessLogs.toJSON(), 'AWS::S3::Bucket');
    accessLogs.hasResourceProperties('AWS::Logs::DeliveryDestination', {
      DestinationResourceArn: { 'Fn::GetAtt': [bucketId, 'Arn'] },
    });
  });

  it('its fields leave out the query string, the Referer (a page URL with its query), cookies', () => {
    const fields = delivery().RecordFields ?? [];
    expect(fields).toEqual(
      expect.arrayContaining(['date', 'time', 'c-ip', 'cs-method', 'cs-uri-stem', 'sc-status']),
    );
    for (const forbidden of FORBIDDEN_ACCESS_LOG_FIELDS) expect(fields).not.toContain(forbidden);
    expect(fields.filter((f) => /query|referer|cookie/i.test(f))).toEqual([]);
  });

  it(`are kept ${ACCESS_LOG_RETENTION_DAYS} days in a private bucket only the log delivery of this account writes`, () => {
    accessLogs.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 90, Status: 'Enabled' }] },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    const policy = JSON.stringify(resourcesOfType(accessLogs.toJSON(), 'AWS::S3::BucketPolicy'));
    expect(policy).toContain('delivery.logs.amazonaws.com');
    expect(policy).toContain('aws:SourceAccount');
  });

  it('API Gateway access logs name the route, never the path or query string', () => {
    const [[, stage] = []] = resourcesOfType(backend.toJSON(), 'AWS::ApiGatewayV2::Stage');
    const format = String(
      (stage?.Properties as { AccessLogSettings: { Format: string } }).AccessLogSettings.Format,
    );
    expect(format).toContain('$context.routeKey');
    expect(format).not.toMatch(/\$context\.path|querystring|\$request|referer/i);
  });
});

describe('rate limits at the edge', () => {
  interface Statement {
    ByteMatchStatement?: { SearchString: string; PositionalConstraint: string; FieldToMatch: unknown };
    OrStatement?: { Statements: Statement[] };
    AndStatement?: { Statements: Statement[] };
    NotStatement?: { Statement: Statement };
  }
  interface Rule {
    Name: string;
    Priority: number;
    Action: { Block?: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
    Statement: {
      RateBasedStatement: {
        AggregateKeyType: string;
        Limit: number;
        EvaluationWindowSec: number;
        ScopeDownStatement: Statement;
      };
    };
    VisibilityConfig: { SampledRequestsEnabled: boolean };
  }
  const acl = () => {
    const [[, resource] = []] = resourcesOfType(edge.toJSON(), 'AWS::WAFv2::WebACL');
    return resource?.Properties as {
      Scope: string;
      Rules: Rule[];
      CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
      VisibilityConfig: { SampledRequestsEnabled: boolean };
    };
  };
  /** Whether a request path falls in a rule's scope, by the synthesized statement. */
  const matches = (s: Statement, path: string): boolean => {
    if (s.ByteMatchStatement) {
      expect(s.ByteMatchStatement).toMatchObject({
        PositionalConstraint: 'STARTS_WITH',
        FieldToMatch: { UriPath: {} },
      });
      return path.startsWith(s.ByteMatchStatement.SearchString);
    }
    if (s.OrStatement) return s.OrStatement.Statements.some((x) => matches(x, path));
    if (s.AndStatement) return s.AndStatement.Statements.every((x) => matches(x, path));
    if (s.NotStatement) return !matches(s.NotStatement.Statement, path);
    throw new Error(`unexpected statement ${JSON.stringify(s)}`);
  };
  /** The lowest limit among the rules that count a request to `path`. */
  const limitOf = (path: string): number =>
    Math.min(
      ...acl()
        .Rules.filter((r) => matches(r.Statement.RateBasedStatement.ScopeDownStatement, path))
        .map((r) => r.Statement.RateBasedStatement.Limit),
    );

  it('a CLOUDFRONT web ACL attached to the distribution', () => {
    expect(acl().Scope).toBe('CLOUDFRONT');
    backend.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { WebACLId: WEB_ACL_ARN },
    });
    expect(edge.toJSON().Outputs.WebAclArn).toBeDefined();
  });

  it('every rule limits requests per client IP and answers 429 with a JSON error', () => {
    const { Rules, CustomResponseBodies } = acl();
    expect(Rules.map((r) => r.Name)).toEqual(EDGE_RATE_LIMITS.map((l) => l.name));
    for (const rule of Rules) {
      expect(rule.Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
      });
      const response = rule.Action.Block?.CustomResponse;
      expect(response?.ResponseCode).toBe(429);
      const body = CustomResponseBodies[response?.CustomResponseBodyKey ?? ''];
      expect(body?.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body?.Content ?? '{}')).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') as unknown },
      });
    }
  });

  it('every API route is limited; the public ones more strictly than the signed-in ones', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      expect([path, limitOf(path)]).toEqual([path, expect.any(Number)]);
      expect(Number.isFinite(limitOf(path))).toBe(true);
    }
    const signedIn = limitOf('/api/get-licenses');
    for (const path of [
      '/api/validate-license',
      '/api/email-recovery',
      '/api/email-recovery-info',
      '/api/checkout-info',
    ]) {
      expect([path, limitOf(path) < signedIn]).toEqual([path, true]);
    }
    expect(limitOf('/api/email-recovery')).toBeLessThanOrEqual(limitOf('/api/validate-license'));
    // A site page is not limited by these rules.
    expect(limitOf('/pricing')).toBe(Infinity);
  });

  it('lets an office of 50 desktop applications and their people behind one address through', () => {
    // Each request counts against every rule whose paths it matches: the lowest limit is what it meets.
    for (const path of ['/api/validate-license', '/api/license-public-key']) {
      expect([path, limitOf(path) >= OFFICE_DESKTOP_REQUESTS]).toEqual([path, true]);
    }
    expect(OFFICE_DESKTOP_REQUESTS).toBe(300);
    expect(limitOf('/api/get-licenses')).toBeGreaterThanOrEqual(OFFICE_API_REQUESTS);
  });

  it('keeps no request samples or WAF logs (they would hold URLs with their query strings)', () => {
    expect(acl().VisibilityConfig.SampledRequestsEnabled).toBe(false);
    for (const rule of acl().Rules) expect(rule.VisibilityConfig.SampledRequestsEnabled).toBe(false);
    expect(resourcesOfType(edge.toJSON(), 'AWS::WAFv2::LoggingConfiguration')).toEqual([]);
  });
});

it('without the web ACL (not deployed by cdk/deploy.ts) the backend stack warns', () => {
  const bare = synthesize();
  try {
    Annotations.fromStack(bare.backend).hasWarning('*', Match.stringLikeRegexp('No webAclArn'));
    expect(bare.accessLogs).toBeUndefined();
  } finally {
    removeOutput(bare);
  }
});
