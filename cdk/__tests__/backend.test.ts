import { Match } from 'aws-cdk-lib/assertions';
import {
  ASSIGNEE_INDEX,
  CUSTOMER_ID_INDEX,
  LICENSE_KEY_INDEX,
  PARTITION_KEY,
  SORT_KEY,
  TTL_ATTRIBUTE,
} from '../../lambdas/lib/table';
import { routes } from '../../lambdas/routes';
import { CLIENT_WRITE_ATTRIBUTES } from '../lib/client-attributes';
import { UNCACHED_ERROR_CODES } from '../lib/site';
import { outputIdFor, SITE_BUILD_VARIABLES } from '../lib/site-build-env';
import { devBackend } from './dev-backend';
import { actionsOf as actionsIn, statementsOf as statementsIn } from './roles';

// The backend stack of a dev environment without custom domain or analytics (cdk.json's defaults); its
// API and the functions' permissions are in backend-api.test.ts.

const stack = devBackend();
const { props } = stack;

const handlers = [...new Set(routes.map((r) => r.handler))];
const statementsOf = (roleId: string) => statementsIn(stack.resources, roleId);
const actionsOf = (roleId: string) => actionsIn(stack.resources, roleId);

describe('cdk-nag', () => {
  it('AwsSolutions has no unacknowledged finding', () => {
    expect(stack.result.nagViolations).toEqual([]);
  });
});

describe('data', () => {
  it('is the table of lambdas/lib/table.ts, on demand, with PITR and TTL', () => {
    stack.t.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: PARTITION_KEY, KeyType: 'HASH' },
        { AttributeName: SORT_KEY, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: Match.arrayWith([
        Match.objectLike({ IndexName: LICENSE_KEY_INDEX }),
        Match.objectLike({ IndexName: CUSTOMER_ID_INDEX }),
        Match.objectLike({ IndexName: ASSIGNEE_INDEX }),
      ]),
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    });
  });
  it('is destroyable outside production', () => {
    stack.t.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    stack.t.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });
});

describe('accounts', () => {
  it('user pool: email sign-in, case-insensitive, self sign-up, verified email, min 6 only', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
      LambdaConfig: { CustomMessage: Match.anyValue(), PreSignUp: Match.anyValue() },
    });
  });
  it('the PreSignUp trigger may use this pool and the table, nothing else (no Stripe: the job follows)', () => {
    const [roleId] = Object.keys(stack.resources).filter(
      (key) => stack.resources[key]?.Type === 'AWS::IAM::Role' && key.startsWith('AuthPreSignUpRole'),
    );
    expect(statementsOf(roleId ?? '')).toEqual(
      expect.arrayContaining([
        {
          Effect: 'Allow',
          Action: [
            'cognito-idp:ListUsers',
            'cognito-idp:AdminDeleteUser',
            'cognito-idp:AdminUpdateUserAttributes',
          ],
          Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] },
        },
      ]),
    );
    expect(actionsOf(roleId ?? '').filter((a) => !a.startsWith('logs:'))).toEqual([
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
      'dynamodb:PutItem',
      'cognito-idp:ListUsers',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUpdateUserAttributes',
    ]);
  });
  it('user pool: the one custom attribute, the last proven address, which no client may write', () => {
    const pool = props('AWS::Cognito::UserPool')[0];
    expect(pool?.Schema).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Name: 'last_verified_email', AttributeDataType: 'String', Mutable: true }),
      ]),
    );
    const client = props('AWS::Cognito::UserPoolClient')[0];
    expect(client?.WriteAttributes).toEqual(['locale']);
  });
  it('user pool: two-factor sign-in optional, by authenticator app only (no SMS)', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const pool = props('AWS::Cognito::UserPool')[0];
    expect(pool?.SmsConfiguration).toBeUndefined();
  });
  it('app client: a sign-in challenge (the MFA code) must be answered within 3 minutes', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPoolClient', { AuthSessionValidity: 3 });
  });
  it('the CustomMessage trigger is custom-message.ts with SITE_URL', () => {
    const trigger = props('AWS::Lambda::Function').find((p) =>
      String(p.Description).startsWith('Cognito CustomMessage'),
    );
    expect(trigger).toMatchObject({ Environment: { Variables: { SITE_URL: expect.anything() } } });
  });
  it('user pool: the password alone until passkeys are turned on (no relying party: none can be registered)', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      Policies: Match.objectLike({ SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD'] } }),
      WebAuthnRelyingPartyID: Match.absent(),
    });
  });
  it('app client: USER_PASSWORD_AUTH + USER_AUTH (password or passkey) + refresh, no secret, no user existence errors', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AllowedOAuthFlowsUserPoolClient: false,
      IdTokenValidity: 60,
      // Minutes: the shortest Cognito allows (docs/accounts-and-security.md).
      AccessTokenValidity: 5,
      RefreshTokenValidity: 43200,
    });
  });
  it('app client cannot write email (only the BFF changes the address)', () => {
    stack.t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      WriteAttributes: [...CLIENT_WRITE_ATTRIBUTES],
    });
    expect(CLIENT_WRITE_ATTRIBUTES).not.toContain('email');
  });
});

describe('secrets', () => {
  it('Stripe and license signing key are placeholders the operator fills', () => {
    // The origin secret (api.ts) is generated, not a placeholder: api-origin.test.ts covers it.
    const secrets = props('AWS::SecretsManager::Secret')
      .filter((p) => p.SecretString !== undefined)
      .map((p) => JSON.parse(String(p.SecretString)) as object);
    expect(secrets).toEqual(
      expect.arrayContaining([
        { secretKey: 'REPLACE_ME', webhookSecret: 'REPLACE_ME' },
        { privateKeyPem: 'REPLACE_ME' },
      ]),
    );
  });
});

describe('site distribution', () => {
  const distribution = () =>
    props('AWS::CloudFront::Distribution')[0]?.DistributionConfig as Record<string, unknown>;

  it('bucket is private, encrypted, TLS-only, read through origin access control', () => {
    stack.t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: Match.anyValue(),
    });
    stack.t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
    const policies = JSON.stringify(props('AWS::S3::BucketPolicy'));
    expect(policies).toContain('cloudfront.amazonaws.com');
    expect(policies).toContain('aws:SecureTransport');
    expect(distribution()).toMatchObject({
      Origins: expect.arrayContaining([
        expect.objectContaining({
          OriginAccessControlId: expect.anything(),
          S3OriginConfig: { OriginAccessIdentity: '' },
        }),
      ]),
    });
  });
  it('HTTP/2 and 3, IPv6, index.html root; no legacy logging (it would keep query strings)', () => {
    expect(distribution()).toMatchObject({
      HttpVersion: 'http2and3',
      IPV6Enabled: true,
      DefaultRootObject: 'index.html',
    });
    expect(distribution()).not.toHaveProperty('Logging');
  });
  it('default behaviour: S3, HTTPS redirect, compressed, revalidating cache, directory index function', () => {
    const d = distribution();
    expect(d.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
      ResponseHeadersPolicyId: expect.anything(),
    });
    stack.t.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        Comment: Match.stringLikeRegexp('revalidate'),
      }),
    });
    stack.t.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0', Comment: Match.anyValue() },
      FunctionCode: Match.stringLikeRegexp('index.html'),
    });
  });
  it('/api/* goes to API Gateway, first, with caching disabled and all viewer headers but Host', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors[0]).toMatchObject({
      PathPattern: '/api/*',
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
    });
    expect(behaviors[0]).not.toHaveProperty('FunctionAssociations');
    const apiOrigin = (distribution().Origins as Record<string, unknown>[]).find(
      (o) => o.Id === behaviors[0]?.TargetOriginId,
    );
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('execute-api');
    expect(apiOrigin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
  });
  it('hashed assets cache for a year', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors.map((b) => b.PathPattern)).toEqual(['/api/*', '/static/*', '*.js', '*.css']);
    stack.t.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 31536000,
        DefaultTTL: 31536000,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
        }),
      }),
    });
  });
  it('404 serves /404.html with status 404; other errors are never cached', () => {
    const errors = distribution().CustomErrorResponses as Record<string, unknown>[];
    expect(errors).toContainEqual({
      ErrorCode: 404,
      ResponseCode: 404,
      ResponsePagePath: '/404.html',
      ErrorCachingMinTTL: 0,
    });
    expect(errors.filter((e) => e.ErrorCode !== 404)).toEqual(
      UNCACHED_ERROR_CODES.map((code) => ({ ErrorCode: code, ErrorCachingMinTTL: 0 })),
    );
  });
  it('security headers: HSTS, nosniff, DENY, referrer policy, CSP', () => {
    const config = props('AWS::CloudFront::ResponseHeadersPolicy')[0]?.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };
    const h = config.SecurityHeadersConfig;
    expect(h.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(h.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const csp = JSON.stringify(h.ContentSecurityPolicy?.ContentSecurityPolicy);
    for (const part of [
      "default-src 'self'",
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com;",
      "style-src 'self' 'unsafe-inline'",
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
      "connect-src 'self' https://api.stripe.com https://cognito-idp.",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toContain('google');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe('alarms', () => {
  const alarms = () => props('AWS::CloudWatch::Alarm');
  it('API 5xx rate, failures per function, throttling, DynamoDB throttles, money and key failures, webhook refusals', () => {
    const descriptions = alarms().map((a) => String(a.AlarmDescription));
    expect(descriptions.some((d) => d.includes('API requests answered 5xx'))).toBe(true);
    for (const h of [...handlers, 'custom-message']) {
      expect(descriptions).toContain(`Lambda ${h}: failed invocations`);
    }
    expect(descriptions.some((d) => d.startsWith('Lambda throttled invocations'))).toBe(true);
    expect(descriptions.some((d) => d.startsWith('DynamoDB read or write requests throttled'))).toBe(true);
    expect(descriptions.some((d) => d.startsWith('An endpoint that moves money or keys'))).toBe(true);
    expect(descriptions.some((d) => d.startsWith('Stripe webhook refused'))).toBe(true);
    // Which lines each filter counts (paging.test.ts says which log groups): service-rules.test.ts.
  });
  it('every alarm notifies the SNS topic; no email subscription without alarmEmail', () => {
    for (const a of alarms()) expect(JSON.stringify(a.AlarmActions)).toContain('MonitoringAlarmTopic');
    stack.t.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('outputs', () => {
  it('every GATSBY_* build variable that has a value, and the operator values', () => {
    const outputs = stack.t.toJSON().Outputs as Record<string, unknown>;
    const unset = ['GATSBY_ANALYTICS_ID', 'GATSBY_LICENSE_MACHINE_LIMIT', 'GATSBY_PASSKEYS'];
    for (const name of SITE_BUILD_VARIABLES.filter((n) => !unset.includes(n))) {
      expect(outputs).toHaveProperty(outputIdFor(name));
    }
    expect(outputs).not.toHaveProperty(outputIdFor('GATSBY_ANALYTICS_ID'));
    // No machine limit by default: the site says "unlimited devices" and no handler has a limit.
    expect(outputs).not.toHaveProperty(outputIdFor('GATSBY_LICENSE_MACHINE_LIMIT'));
    // Passkeys off by default: the build shows none (the deploy script reads the missing output as '').
    expect(outputs).not.toHaveProperty(outputIdFor('GATSBY_PASSKEYS'));
    for (const fn of props('AWS::Lambda::Function')) {
      expect(JSON.stringify(fn.Environment ?? {})).not.toContain('LICENSE_MACHINE_LIMIT');
    }
    for (const id of [
      'SiteUrl',
      'SiteBucketName',
      'DistributionId',
      'DistributionDomainName',
      'StripeWebhookUrl',
      'ApiOriginUrl',
    ]) {
      expect(outputs).toHaveProperty(id);
    }
    expect(outputs.GatsbyApiBase).toMatchObject({ Value: '/api' });
    expect(outputs.GatsbyEnv).toMatchObject({ Value: 'production' });
    expect(outputs.GatsbyAnalyticsEnabled).toMatchObject({ Value: 'false' });
  });
});

describe('site content stack', () => {
  it('is left out until the site is built and the backend outputs are known', () => {
    expect(stack.result.siteContent).toBeUndefined();
  });
});
