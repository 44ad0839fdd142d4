import { MACHINE_LIMIT_ENV } from '../src/lib/machine-limit';
import { ORIGIN_VERIFY_ENV } from '../lambdas/lib/origin-check';
import type { StackInfo } from './stack-info';

export const MAIL_FROM = 'Stockbench <no-reply@stockbench.app>';
/** The SES twin's verified identity: MAIL_FROM's domain, as CDK grants the handlers (cdk/lib/api.ts). */
export const MAIL_DOMAIN = 'stockbench.app';

/**
 * The origin secret of the local stack: the handlers refuse every request without it (as in AWS), and
 * the local API server adds it to each request as CloudFront adds it to /api/* (dev/api-server.ts).
 * Not a secret locally, where nothing stands between a client and the API server anyway.
 */
const LOCAL_ORIGIN_SECRET = 'local-origin-verify-0123456789abcdef';

/** What handlers (and the Cognito trigger) read from process.env before any service is up. */
export function baseHandlerEnv(
  tableName: string,
  siteUrl: string,
  machineLimit: number | null,
): Record<string, string> {
  return {
    [ORIGIN_VERIFY_ENV]: LOCAL_ORIGIN_SECRET,
    TABLE_NAME: tableName,
    AWS_REGION: 'us-east-1',
    SITE_URL: siteUrl,
    MAIL_FROM,
    SUPPORT_EMAIL: 'support@stockbench.app',
    // The functions' log level: unset (INFO) as in AWS, unless the runner sets one (the tests keep
    // INFO and WARN lines out of their output; a test that reads log lines sets its own).
    ...(process.env.POWERTOOLS_LOG_LEVEL && { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL }),
    // As CDK does: set only when there is a limit.
    ...(machineLimit !== null && { [MACHINE_LIMIT_ENV]: String(machineLimit) }),
  };
}

export type AwsTwinInfo = Pick<
  StackInfo,
  'ses' | 'secretsManager' | 'stripeSecretArn' | 'licenseSigningKeyArn'
>;
type ServiceInfo = AwsTwinInfo &
  Pick<
    StackInfo,
    'dynamodb' | 'userPoolId' | 'clientId' | 'cognitoEndpoint' | 'stripeApi' | 'stripePriceId' | 'awsGate'
  >;

/**
 * Every AWS endpoint a handler knows is the IAM gate, which forwards to the emulators what the
 * handler's CDK role allows (the SDK reads AWS_ENDPOINT_URL_<SERVICE> itself).
 */
function awsEndpoints(gate: string): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_DYNAMODB: gate,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: gate,
    AWS_ENDPOINT_URL_SESV2: gate,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: gate,
  };
}

/** The secrets the handlers read from Secrets Manager (the twin, through the gate). */
function awsTwinHandlerEnv(s: AwsTwinInfo): Record<string, string> {
  return {
    STRIPE_SECRET_ARN: s.stripeSecretArn,
    LICENSE_SIGNING_KEY_ARN: s.licenseSigningKeyArn,
  };
}

/** The part of the handler environment known once the services answer. */
export function serviceHandlerEnv(s: ServiceInfo): Record<string, string> {
  return {
    ...awsTwinHandlerEnv(s),
    COGNITO_USER_POOL_ID: s.userPoolId,
    COGNITO_CLIENT_ID: s.clientId,
    STRIPE_API_URL: s.stripeApi,
    STRIPE_PRICE_ID: s.stripePriceId,
    ...awsEndpoints(s.awsGate),
  };
}

/**
 * Exactly the process.env the stack gives its handlers, for another process that serves the API
 * (or calls handlers) against a stack running elsewhere, e.g. `npm start -- --no-site` with
 * LOCAL_DIR=dir. Without AWS keys: each handler has its own (localHandlerCredentials), which the stack's IAM gate
 * knows; pass them as startApiServer's `credentials`.
 */
export function handlerEnv(info: StackInfo): Record<string, string> {
  const siteUrl = info.site ?? new URL(info.api).origin;
  return {
    ...baseHandlerEnv(info.tableName, siteUrl, info.machineLimit ?? null),
    ...serviceHandlerEnv(info),
  };
}
