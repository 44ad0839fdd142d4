import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import {
  EDGE_LIMIT_BODY,
  EDGE_RATE_LIMITS,
  EDGE_WINDOW_SECONDS,
  type EdgeRateLimit,
} from './edge-rate-limits';

// The WAF web ACL on the CloudFront distribution: rate-based rules per client IP over the API's paths
// (edge-rate-limits.ts), answered 429 with a JSON error. Everything else is allowed. No WAF logging
// and no sampled requests: both would keep request URLs, whose query strings can carry one-time codes
// and addresses (docs/deploying.md, "No secrets in kept logs"); the per-rule CloudWatch metrics remain.

const LIMITED_KEY = 'rate-limited';

function startsWith(path: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: path,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 && statements[0] ? statements[0] : { orStatement: { statements } };

function scopeOf(limit: EdgeRateLimit): wafv2.CfnWebACL.StatementProperty {
  const included = anyOf(limit.paths.map(startsWith));
  if (!limit.except?.length) return included;
  return {
    andStatement: {
      statements: [included, { notStatement: { statement: anyOf(limit.except.map(startsWith)) } }],
    },
  };
}

export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { metricPrefix: string }) {
    super(scope, id);
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      // CloudFormation's pattern for a web ACL description refuses '*' (validator rule F3031).
      description: 'Stockbench: per-client rate limits on the API paths',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [LIMITED_KEY]: { contentType: 'APPLICATION_JSON', content: EDGE_LIMIT_BODY },
      },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: props.metricPrefix,
        sampledRequestsEnabled: false,
      },
      rules: EDGE_RATE_LIMITS.map((limit, priority) => ({
        name: limit.name,
        priority,
        action: {
          block: { customResponse: { responseCode: 429, customResponseBodyKey: LIMITED_KEY } },
        },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            limit: limit.limit,
            evaluationWindowSec: EDGE_WINDOW_SECONDS,
            scopeDownStatement: scopeOf(limit),
          },
        },
        visibilityConfig: {
          cloudWatchMetricsEnabled: true,
          metricName: `${props.metricPrefix}-${limit.name}`,
          sampledRequestsEnabled: false,
        },
      })),
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
