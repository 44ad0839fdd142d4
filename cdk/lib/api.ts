import { Annotations, Arn, ArnFormat, Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { MACHINE_LIMIT_ENV } from '../../src/lib/machine-limit';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lambdas/lib/origin-check';
import { type RouteDef, routes as allRoutes } from '../../lambdas/routes';
import { schedules } from '../../lambdas/schedules';
import {
  type HandlerPermissions,
  mailDomainOf,
  permissionsFor,
  policyStatements,
} from './handler-permissions';
import { type FunctionDefaults, ProductFunction } from './node-function';

// The BFF: an HTTP API whose routes come from lambdas/routes.ts (the same table the local API server
// reads), one function per handler file, the Cognito JWT authorizer on every 'jwt' route.
// Each endpoint (its function, role, log group, integration, routes, and the alarms monitoring.ts adds
// beside its function) is a nested stack of its own: an endpoint adds one resource to the backend stack
// and about nine to its own, so CloudFormation's 500 resources per stack leave room for hundreds of
// endpoints (cdk/__tests__/stack-limits.test.ts). The API, its stage and authorizer stay here.

/** Stage-wide limits, far above a small product's traffic but low enough to cap a runaway bill. */
const DEFAULT_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** Unauthenticated routes (email recovery, health, public key): tighter, they need no token. */
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 20, burstLimit: 40 } as const;
/**
 * POST /api/stripe-webhook: its own, larger limit (a route's setting is its own token bucket). Stripe
 * delivers in bursts (a billing day's renewals, several events per purchase, a retry wave after an
 * outage) and backs off for up to hours after a 429, so the public routes' 20 rps would delay license
 * changes; still capped, since anyone can reach the route (a forged delivery fails its signature check).
 */
export const WEBHOOK_ROUTE_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;
/** Handlers whose public route gets its own limit instead of PUBLIC_ROUTE_THROTTLE. */
const ROUTE_THROTTLES: Readonly<Record<string, { rateLimit: number; burstLimit: number }>> = {
  'stripe-webhook': WEBHOOK_ROUTE_THROTTLE,
};

export interface ApiProps {
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  issuer: string;
  stripeSecret: secretsmanager.ISecret;
  signingKeySecret: secretsmanager.ISecret;
  siteUrl: string;
  stripePriceId: string;
  mailFrom: string;
  supportEmail: string;
  /** SES identity the mail-sending functions may send as; defaults to mailFrom's domain. */
  sesIdentity?: string;
  /** Machines one license may be used on at once; undefined: no limit. */
  machineLimit?: number;
  functionDefaults: FunctionDefaults;
  /** Defaults to lambdas/routes.ts; tests may pass another table. */
  routes?: readonly RouteDef[];
  /**
   * The API's own domain (e.g. api.example.com) with an ACM certificate in the stack's region. When
   * set, CloudFront reaches the API there and the execute-api endpoint is disabled.
   */
  customDomain?: { domainName: string; certificateArn: string };
}

export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** One per handler file, keyed by handler name. */
  readonly functions = new Map<string, ProductFunction>();
  readonly accessLogs: logs.LogGroup;
  /** The secret CloudFront sends as ORIGIN_VERIFY_HEADER; every handler refuses requests without it. */
  readonly originVerify: secretsmanager.Secret;
  readonly domainName?: apigwv2.DomainName;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const routes = props.routes ?? allRoutes;

    // Only CloudFront may reach the API, so no request skips its security headers and access logs.
    // AWS's supported way to turn off the execute-api endpoint (disableExecuteApiEndpoint) leaves a
    // custom domain as the only entry ("Disable the default endpoint for HTTP APIs", API Gateway
    // developer guide), and CloudFront's origin must then be that domain: without one, disabling it
    // would cut CloudFront off. HTTP APIs have no WAF and no resource policy, so in both cases
    // CloudFront also adds a secret origin header that the handler boundary checks (lambdas/lib/origin-check.ts):
    // the custom domain is public on the internet too.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Stockbench BFF, reached through CloudFront at /api/*',
      // Same origin as the site through CloudFront: no CORS configuration at all.
      createDefaultStage: false,
      disableExecuteApiEndpoint: Boolean(props.customDomain),
    });
    if (props.customDomain) {
      this.domainName = new apigwv2.DomainName(this, 'DomainName', {
        domainName: props.customDomain.domainName,
        certificate: acm.Certificate.fromCertificateArn(
          this,
          'DomainCertificate',
          props.customDomain.certificateArn,
        ),
        securityPolicy: apigwv2.SecurityPolicy.TLS_1_2,
      });
    }
    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `Header ${ORIGIN_VERIFY_HEADER} CloudFront adds to /api/* requests; the BFF refuses others`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.functionDefaults.removalPolicy,
    });
    Validations.of(this.originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront and the functions get the value at deploy time; rotating means a new value and a ' +
        'redeploy (docs/deploying.md), which a rotation Lambda cannot do.',
    });
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.functionDefaults.logRetention,
      removalPolicy: props.functionDefaults.removalPolicy,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: DEFAULT_THROTTLE,
      domainMapping: this.domainName && { domainName: this.domainName },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    // Made here, in the API's stack: the endpoints' nested stacks only use its id.
    const jwt = new apigwv2.HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoJwt',
      type: apigwv2.HttpAuthorizerType.JWT,
      jwtIssuer: props.issuer,
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    const authorizer: apigwv2.IHttpRouteAuthorizer = {
      bind: () => ({
        authorizerId: jwt.authorizerId,
        authorizationType: 'JWT',
      }),
    };

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      COGNITO_USER_POOL_ID: props.userPool.userPoolId,
      COGNITO_CLIENT_ID: props.userPoolClient.userPoolClientId,
      STRIPE_SECRET_ARN: props.stripeSecret.secretArn,
      STRIPE_PRICE_ID: props.stripePriceId,
      LICENSE_SIGNING_KEY_ARN: props.signingKeySecret.secretArn,
      SITE_URL: props.siteUrl,
      MAIL_FROM: props.mailFrom,
      SUPPORT_EMAIL: props.supportEmail,
      ...(props.machineLimit !== undefined && { [MACHINE_LIMIT_ENV]: String(props.machineLimit) }),
      // A CloudFormation dynamic reference: resolved at deploy time, never in the template.
      [ORIGIN_VERIFY_ENV]: this.originVerify.secretValue.unsafeUnwrap(),
    };

    const integrations = new Map<string, { endpoint: NestedStack; integration: HttpLambdaIntegration }>();
    const publicRoutes: {
      key: string;
      route: apigwv2.HttpRoute;
      throttle: { rateLimit: number; burstLimit: number };
    }[] = [];
    for (const route of routes) {
      let handler = integrations.get(route.handler);
      if (!handler) {
        const endpoint = new NestedStack(this, `${pascal(route.handler)}Endpoint`, {
          description: `Stockbench endpoint ${route.handler}: function, role, logs, routes, alarms`,
        });
        const fn = this.createHandler(endpoint, route.handler, environment, props);
        const integration = new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn.fn);
        handler = { endpoint, integration };
        integrations.set(route.handler, handler);
      }
      const httpRoute = new apigwv2.HttpRoute(handler.endpoint, pascal(`${route.method} ${route.path}`), {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: handler.integration,
        authorizer: route.auth === 'jwt' ? authorizer : new apigwv2.HttpNoneAuthorizer(),
      });
      if (route.auth === 'none') {
        publicRoutes.push({
          key: `${route.method} ${route.path}`,
          route: httpRoute,
          throttle: ROUTE_THROTTLES[route.handler] ?? PUBLIC_ROUTE_THROTTLE,
        });
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            `${route.method} ${route.path} is public in lambdas/routes.ts by design: it carries no user data ` +
            "or proves itself another way (Stripe's signature, a one-time code); tighter throttling applies.",
        });
      }
    }

    // The scheduled jobs (lambdas/schedules.ts): a function each, with the same environment, run by an
    // EventBridge rule. Their errors raise the per-function alarms like any handler's (monitoring.ts).
    for (const job of schedules) {
      const fn = this.createHandler(this, job.name, environment, props, {
        entry: `lambdas/jobs/${job.name}.ts`,
        description: job.description,
        timeout: Duration.minutes(5),
      });
      new events.Rule(this, `${pascal(job.name)}Schedule`, {
        description: job.description,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 2 })],
      });
    }

    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    // API Gateway refuses a stage whose RouteSettings name a route that does not exist yet ("Unable to find
    // Route by key ... within the provided RouteSettings"), and nothing else orders the stage after the
    // routes (they wait on the functions): the stage depends on each route it names (on its endpoint's
    // nested stack, as CloudFormation sees it).
    for (const { route } of publicRoutes) cfnStage.node.addDependency(route);
    cfnStage.routeSettings = Object.fromEntries(
      publicRoutes.map(({ key, throttle }) => [
        key,
        // RouteSettings is passed through as JSON, so CloudFormation's own (capitalized) names.
        { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
      ]),
    );
  }

  /** The CloudFront origin: the API's custom domain when there is one, else the execute-api host name. */
  get originDomainName(): string {
    if (this.domainName) return this.domainName.name;
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** Headers CloudFront adds to every request it forwards to the API. */
  get originHeaders(): Record<string, string> {
    return { [ORIGIN_VERIFY_HEADER]: this.originVerify.secretValue.unsafeUnwrap() };
  }

  private createHandler(
    scope: Construct,
    handler: string,
    environment: Record<string, string>,
    props: ApiProps,
    job?: { entry: string; description: string; timeout: Duration },
  ): ProductFunction {
    const { permissions, known } = permissionsFor(handler);
    if (!known) {
      Annotations.of(this).addWarningV2(
        'stockbench:unlistedHandler',
        `Handler "${handler}" is not in cdk/lib/handler-permissions.ts: it gets table read/write and no secrets.`,
      );
    }
    const fn = new ProductFunction(scope, pascal(handler), {
      entry: job?.entry ?? `lambdas/endpoints/${handler}/handler.ts`,
      description: job?.description ?? `BFF handler ${handler}`,
      environment,
      defaults: props.functionDefaults,
      timeout: job?.timeout ?? Duration.seconds(15),
    });
    this.functions.set(handler, fn);
    this.grant(fn, permissions, props);
    return fn;
  }

  private grant(fn: ProductFunction, permissions: HandlerPermissions, props: ApiProps): void {
    // The statements come from handler-permissions.ts, which the local stack's IAM gate evaluates too.
    const identity = props.sesIdentity ?? mailDomainOf(props.mailFrom);
    const statements = policyStatements(permissions, {
      table: props.table.tableArn,
      userPool: props.userPool.userPoolArn,
      secrets: { stripe: props.stripeSecret.secretArn, signingKey: props.signingKeySecret.secretArn },
      sesIdentity: Arn.format(
        {
          service: 'ses',
          resource: 'identity',
          resourceName: identity,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        },
        Stack.of(fn),
      ),
    });
    for (const { actions, resources } of statements) {
      fn.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));
    }
  }
}

/** update-email -> UpdateEmail: construct ids stay readable in the template. */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
