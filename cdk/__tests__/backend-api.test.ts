import { Match } from 'aws-cdk-lib/assertions';
import { ASSIGNEE_INDEX, CUSTOMER_ID_INDEX, LICENSE_KEY_INDEX } from '../../lambdas/lib/table';
import { routes } from '../../lambdas/routes';
import { schedules } from '../../lambdas/schedules';
import { pascal, PUBLIC_ROUTE_THROTTLE, WEBHOOK_ROUTE_THROTTLE } from '../lib/api';
import { HANDLER_PERMISSIONS, TRIGGER_PERMISSIONS } from '../lib/handler-permissions';
import { devBackend } from './dev-backend';
import { actionsOf as actionsIn, roleIdOf as roleIdIn, statementsOf as statementsIn } from './roles';

// The backend stack's API (functions, authorizer, routes, throttles) and what each function may do, in a
// dev environment without custom domain or analytics (cdk.json's defaults).

const stack = devBackend();
const { props } = stack;

const handlers = [...new Set(routes.map((r) => r.handler))];
/** The Cognito triggers, and the function EventBridge runs for Cognito's security events. */
const COGNITO_TRIGGERS = Object.keys(TRIGGER_PERMISSIONS).length;
const roleIdOf = (handler: string) => roleIdIn(stack.resources, handler);
const statementsOf = (roleId: string) => statementsIn(stack.resources, roleId);
const actionsOf = (roleId: string) => actionsIn(stack.resources, roleId);

describe('API', () => {
  it('one function per handler file (plus the Cognito triggers and the jobs): arm64, Node 24, JSON logs, source maps', () => {
    // The product's functions, not CDK's provider that empties a dev stack's buckets (bucket-removal.ts).
    const fns = props('AWS::Lambda::Function').filter(
      (p) => !JSON.stringify(p.Description).includes('auto-deleting objects'),
    );
    const bff = fns.filter((p) => String(p.Description).startsWith('BFF handler '));
    expect(bff.map((p) => String(p.Description).slice('BFF handler '.length)).sort()).toEqual(
      [...handlers].sort(),
    );
    // Plus the Cognito triggers and one function per scheduled job.
    expect(fns).toHaveLength(handlers.length + COGNITO_TRIGGERS + schedules.length);
    for (const fn of fns) {
      expect(fn).toMatchObject({
        Architectures: ['arm64'],
        // The Node the tests and the local stack run on (package.json's node, engines, @types/node).
        Runtime: 'nodejs24.x',
        LoggingConfig: { LogFormat: 'JSON', LogGroup: expect.anything() },
        Environment: { Variables: expect.objectContaining({ NODE_OPTIONS: '--enable-source-maps' }) },
      });
    }
  });
  it('BFF functions get the environment contract of lambdas/lib/config.ts', () => {
    const bff = props('AWS::Lambda::Function').filter((p) =>
      String(p.Description).startsWith('BFF handler '),
    );
    for (const fn of bff) {
      const vars = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(vars)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'COGNITO_USER_POOL_ID',
          'COGNITO_CLIENT_ID',
          'STRIPE_SECRET_ARN',
          'STRIPE_PRICE_ID',
          'LICENSE_SIGNING_KEY_ARN',
          'SITE_URL',
          'MAIL_FROM',
          'SUPPORT_EMAIL',
        ]),
      );
    }
  });
  it('log groups keep one month', () => {
    const groups = props('AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThanOrEqual(handlers.length + 2);
    for (const g of groups) expect(g.RetentionInDays).toBe(30);
  });
  it('JWT authorizer: Cognito issuer, app client audience', () => {
    stack.t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('AuthUserPoolWebClient') }],
        // ProviderURL is https://cognito-idp.<region>.amazonaws.com/<poolId>.
        Issuer: { 'Fn::GetAtt': [Match.stringLikeRegexp('AuthUserPool'), 'ProviderURL'] },
      },
    });
  });
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r.auth] as const))(
    '%s has auth %s',
    (routeKey, auth) => {
      const route = props('AWS::ApiGatewayV2::Route').find((p) => p.RouteKey === routeKey);
      expect(route).toBeDefined();
      if (auth === 'jwt')
        expect(route).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: expect.anything() });
      else expect(route?.AuthorizationType ?? 'NONE').toBe('NONE');
    },
  );
  /** EventBridge's rate expression: whole hours in hours, else minutes. */
  const rateOf = (minutes: number): string => {
    const [n, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
    return `rate(${n} ${unit}${n === 1 ? '' : 's'})`;
  };
  it('each scheduled job is a function of its own, run by an EventBridge rule at its rate', () => {
    for (const job of schedules) {
      const fnId = Object.entries(stack.resources).find(
        ([key, r]) => r.Type === 'AWS::Lambda::Function' && key.startsWith(`Api${pascal(job.name)}`),
      )?.[0];
      expect(fnId).toBeDefined();
      expect(stack.resources[fnId ?? '']?.Properties).toMatchObject({
        Description: job.description,
        Timeout: 300,
      });
      stack.t.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: rateOf(job.everyMinutes),
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
      });
      expect(actionsOf(roleIdOf(job.name))).toEqual(
        expect.arrayContaining((HANDLER_PERMISSIONS[job.name]?.table ?? []).map((a) => `dynamodb:${a}`)),
      );
    }
    // Only the jobs may scan the table.
    for (const handler of handlers) expect(actionsOf(roleIdOf(handler))).not.toContain('dynamodb:Scan');
  });
  it('public routes are the webhook, the recovery pair, the end-sessions link, health and the public key', () => {
    expect(
      routes
        .filter((r) => r.auth === 'none')
        .map((r) => r.handler)
        .sort(),
    ).toEqual([
      'email-recovery',
      'email-recovery-info',
      'end-sessions',
      'health',
      'license-public-key',
      'stripe-webhook',
    ]);
  });
  it('stage throttles every route, public ones tighter, and writes access logs', () => {
    const publicKeys = routes
      .filter((r) => r.auth === 'none' && r.handler !== 'stripe-webhook')
      .map((r) => `${r.method} ${r.path}`);
    stack.t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      RouteSettings: Object.fromEntries(
        publicKeys.map((k) => [
          k,
          {
            ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit,
            ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit,
          },
        ]),
      ),
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
  it("the Stripe webhook has its own route limit, sized for Stripe's delivery bursts", () => {
    const [stage] = props('AWS::ApiGatewayV2::Stage');
    const settings = stage?.RouteSettings as Record<string, Record<string, number>>;
    expect(settings['POST /api/stripe-webhook']).toEqual({
      ThrottlingRateLimit: WEBHOOK_ROUTE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: WEBHOOK_ROUTE_THROTTLE.burstLimit,
    });
    expect(WEBHOOK_ROUTE_THROTTLE).toEqual({ rateLimit: 50, burstLimit: 100 });
    // Every other public route keeps the tighter public limit, none shares the webhook's numbers.
    const others = Object.entries(settings).filter(([key]) => key !== 'POST /api/stripe-webhook');
    expect(others.length).toBeGreaterThan(0);
    for (const [, limits] of others) expect(limits.ThrottlingRateLimit).toBe(PUBLIC_ROUTE_THROTTLE.rateLimit);
  });
});

describe('least privilege', () => {
  it('every handler of the route table is listed in handler-permissions.ts', () => {
    expect(handlers.filter((h) => !HANDLER_PERMISSIONS[h])).toEqual([]);
  });
  it('no IAM statement grants a wildcard action', () => {
    for (const policy of props('AWS::IAM::Policy')) {
      const doc = policy.PolicyDocument as { Statement: { Action: string | string[] }[] };
      for (const s of doc.Statement) for (const a of [s.Action].flat()) expect(a).not.toContain('*');
    }
  });
  it('no role uses a managed policy', () => {
    // But CDK's own provider that empties a dev stack's buckets (bucket-removal.ts; none in production).
    const roles = Object.entries(stack.resources).filter(
      ([id, r]) => r.Type === 'AWS::IAM::Role' && !id.startsWith('CustomS3AutoDeleteObjects'),
    );
    for (const [, role] of roles) expect(role.Properties?.ManagedPolicyArns).toBeUndefined();
  });
  it.each(handlers)(
    '%s: DynamoDB actions exactly as listed, on the table and the listed indexes',
    (handler) => {
      const p = HANDLER_PERMISSIONS[handler] ?? {};
      const dynamo = statementsOf(roleIdOf(handler)).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('dynamodb:')),
      );
      const onTable = dynamo.filter((s) => !JSON.stringify(s.Resource).includes('/index/'));
      const onIndexes = dynamo.filter((s) => JSON.stringify(s.Resource).includes('/index/'));
      expect(onTable.flatMap((s) => [s.Action].flat()).sort()).toEqual(
        (p.table ?? []).map((a) => `dynamodb:${a}`).sort(),
      );
      for (const s of onTable)
        expect(s.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'Arn'] });
      expect(onIndexes.flatMap((s) => [s.Action].flat())).toEqual(
        p.queryIndexes?.length ? ['dynamodb:Query'] : [],
      );
      const indexes = JSON.stringify(onIndexes.map((s) => s.Resource));
      for (const index of [LICENSE_KEY_INDEX, CUSTOMER_ID_INDEX, ASSIGNEE_INDEX] as const) {
        expect(indexes.includes(`/index/${index}`)).toBe(Boolean(p.queryIndexes?.includes(index)));
      }
    },
  );
  it('get-licenses cannot write', () => {
    expect(
      actionsOf(roleIdOf('get-licenses')).filter(
        (a) => a.startsWith('dynamodb:') && /Put|Update|Delete|Write/.test(a),
      ),
    ).toEqual([]);
  });
  it.each(handlers)('%s: reads exactly the listed secrets, with GetSecretValue only', (handler) => {
    const statements = statementsOf(roleIdOf(handler)).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('secretsmanager:')),
    );
    for (const s of statements) expect([s.Action].flat()).toEqual(['secretsmanager:GetSecretValue']);
    const resources = JSON.stringify(statements.map((s) => s.Resource));
    const secrets = HANDLER_PERMISSIONS[handler]?.secrets ?? [];
    expect(resources.includes('SecretsStripe')).toBe(secrets.includes('stripe'));
    expect(resources.includes('SecretsLicenseSigningKey')).toBe(secrets.includes('signingKey'));
  });
  it('Cognito actions only for the deletion, email, recovery and sign-out handlers, as listed, on the pool only', () => {
    const withCognito = handlers.filter((h) =>
      actionsOf(roleIdOf(h)).some((a) => a.startsWith('cognito-idp:')),
    );
    expect(withCognito.sort()).toEqual([
      'delete-customer',
      'email-recovery',
      'end-sessions',
      'sign-out-everywhere',
      'update-email',
    ]);
    for (const h of withCognito) {
      const s = statementsOf(roleIdOf(h)).find((st) =>
        [st.Action].flat().some((a) => a.startsWith('cognito-idp:')),
      );
      expect(s?.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] });
      expect([s?.Action].flat().sort()).toEqual(
        (HANDLER_PERMISSIONS[h]?.cognito ?? []).map((a) => `cognito-idp:${a}`).sort(),
      );
    }
  });
  it('the PostConfirmation trigger may only record revoked sessions and sign the user out, in a policy of its own', () => {
    const [roleId] = Object.entries(stack.resources).find(
      ([key, r]) => r.Type === 'AWS::IAM::Role' && key.startsWith('AuthPostConfirmationRole'),
    ) ?? [''];
    const statements = statementsOf(roleId).filter((st) => !JSON.stringify(st.Action).includes('logs:'));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:UpdateItem',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'Arn'] },
      },
      {
        Effect: 'Allow',
        Action: 'cognito-idp:AdminUserGlobalSignOut',
        Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] },
      },
    ]);
    expect(TRIGGER_PERMISSIONS['post-confirmation']).toEqual({
      table: ['UpdateItem'],
      cognito: ['AdminUserGlobalSignOut'],
    });
  });
  it('only mail-sending handlers may call SES', () => {
    const withSes = handlers.filter((h) => actionsOf(roleIdOf(h)).includes('ses:SendEmail'));
    expect(withSes).toEqual(handlers.filter((h) => HANDLER_PERMISSIONS[h]?.mail));
  });
});
