import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { BLOCKED_COGNITO_OPERATIONS } from './blocked-cognito-operations';

// The user pool's own per-client limits: a regional AWS WAF web ACL associated with the Cognito user
// pool (Cognito calls are not under /api/*, so CloudFront's web ACL never sees them). First a rule that
// blocks the operations the product does through its own API (blocked-cognito-operations.ts), matched
// on the X-Amz-Target header that names the operation; then rate-based rules per client IP over the
// calls that send mail or try a password, answered as WAF blocks them; every other call is allowed. Counts are per 5 minutes. The CustomMessage trigger's daily limit per address
// (lambdas/lib/cognito-mail-limit.ts) still holds when requests come from many addresses.

export interface UserPoolRateLimit {
  name: string;
  /** Cognito operations (X-Amz-Target: AWSCognitoIdentityProviderService.<name>). */
  operations: readonly string[];
  /** Requests per 5 minutes per client IP. */
  limit: number;
}

export const USER_POOL_WINDOW_SECONDS = 300;

export const USER_POOL_RATE_LIMITS: readonly UserPoolRateLimit[] = [
  // Each can mail an address: a person needs a handful; a household behind one address a few more.
  { name: 'Mails', operations: ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'], limit: 20 },
  // Password and code guesses (the site, the desktop application and the BFF's password checks).
  {
    name: 'SignIn',
    operations: ['InitiateAuth', 'RespondToAuthChallenge', 'ConfirmForgotPassword', 'ConfirmSignUp'],
    limit: 100,
  },
];

const target = (operation: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
    positionalConstraint: 'EXACTLY',
    searchString: `AWSCognitoIdentityProviderService.${operation}`,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

function anyOperation(operations: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  const [only] = operations;
  if (operations.length === 1 && only) return target(only);
  return { orStatement: { statements: operations.map(target) } };
}

/** The rule that blocks BLOCKED_COGNITO_OPERATIONS, whoever sends them. */
export const BLOCKED_OPERATIONS_RULE = 'ProductApiOnly';

export class UserPoolWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPoolArn: string; metricPrefix: string }) {
    super(scope, id);
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      description: 'Stockbench: Cognito operations the product API does instead, and per-client rate limits',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: props.metricPrefix,
        sampledRequestsEnabled: false,
      },
      rules: [
        {
          name: BLOCKED_OPERATIONS_RULE,
          priority: 0,
          action: { block: {} },
          statement: anyOperation(BLOCKED_COGNITO_OPERATIONS),
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: `${props.metricPrefix}-${BLOCKED_OPERATIONS_RULE}`,
            sampledRequestsEnabled: false,
          },
        },
        ...USER_POOL_RATE_LIMITS.map((limit, i) => ({
          name: limit.name,
          priority: i + 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: limit.limit,
              evaluationWindowSec: USER_POOL_WINDOW_SECONDS,
              scopeDownStatement: anyOperation(limit.operations),
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: `${props.metricPrefix}-${limit.name}`,
            sampledRequestsEnabled: false,
          },
        })),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.acl.attrArn,
    });
  }
}
