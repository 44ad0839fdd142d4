import type { GetSecretValueResponse } from '@aws-sdk/client-secrets-manager';
import { awsJson } from './aws/client';
import { tableName } from './table';

// Handler configuration. Plain settings come from environment variables (CDK or the local stack sets
// them). Secrets come from the environment when present (local stack, tests) and otherwise from
// Secrets Manager, read once per cold start and cached for the life of the Lambda instance.

export interface Config {
  tableName: string;
  region: string;
  /** Local only: dynalite. */
  dynamodbEndpoint?: string;
  userPoolId: string;
  clientId: string;
  /** Local only: cognito-local behind its proxy. */
  cognitoEndpoint?: string;
  /** Local only: the Stripe emulator, e.g. http://127.0.0.1:12111. */
  stripeApiUrl?: string;
  stripePriceId: string;
  siteUrl: string;
  supportEmail: string;
}

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

const optional = (name: string): string | undefined => process.env[name] || undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

let config: Config | undefined;

export function getConfig(): Config {
  config ??= {
    tableName: tableName(),
    region: process.env.AWS_REGION || 'us-east-1',
    dynamodbEndpoint: optional('DYNAMODB_ENDPOINT'),
    userPoolId: optional('COGNITO_USER_POOL_ID') ?? '',
    clientId: optional('COGNITO_CLIENT_ID') ?? '',
    cognitoEndpoint: optional('COGNITO_ENDPOINT'),
    stripeApiUrl: optional('STRIPE_API_URL'),
    stripePriceId: optional('STRIPE_PRICE_ID') ?? '',
    siteUrl: (optional('SITE_URL') ?? 'http://localhost:8000').replace(/\/+$/, ''),
    supportEmail: optional('SUPPORT_EMAIL') ?? 'support@stockbench.app',
  };
  return config;
}

/** Drops cached values so tests can change the environment between stacks. */
export function resetConfig(): void {
  config = undefined;
  stripeSecrets = undefined;
  signingKey = undefined;
}

async function readSecretJson(arn: string): Promise<Record<string, unknown>> {
  const out = await awsJson<GetSecretValueResponse>(
    { signingName: 'secretsmanager', endpointPrefix: 'secretsmanager', region: getConfig().region },
    'secretsmanager.GetSecretValue',
    { SecretId: arn },
    '1.1',
  );
  const parsed: unknown = JSON.parse(out.SecretString ?? '{}');
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`Secret ${arn} is not a JSON object`);
  return parsed as Record<string, unknown>;
}

function stringField(obj: Record<string, unknown>, key: string, arn: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || !value) throw new Error(`Secret ${arn} has no string field ${key}`);
  return value;
}

let stripeSecrets: Promise<StripeSecrets> | undefined;

export function getStripeSecrets(): Promise<StripeSecrets> {
  stripeSecrets ??= (async () => {
    const secretKey = optional('STRIPE_SECRET_KEY');
    const webhookSecret = optional('STRIPE_WEBHOOK_SECRET');
    if (secretKey && webhookSecret) return { secretKey, webhookSecret };
    const arn = required('STRIPE_SECRET_ARN');
    const json = await readSecretJson(arn);
    // An environment value still wins field by field, so a local override of one secret works.
    return {
      secretKey: secretKey ?? stringField(json, 'secretKey', arn),
      webhookSecret: webhookSecret ?? stringField(json, 'webhookSecret', arn),
    };
  })().catch((err: unknown) => {
    stripeSecrets = undefined; // a failed read is retried by the next invocation, not cached
    throw err;
  });
  return stripeSecrets;
}

let signingKey: Promise<string> | undefined;

/** The Ed25519 private key (PKCS8 PEM) that signs license statements. */
export function getLicenseSigningKeyPem(): Promise<string> {
  signingKey ??= (async () => {
    const pem = optional('LICENSE_SIGNING_KEY');
    if (pem) return pem.replace(/\\n/g, '\n');
    const arn = required('LICENSE_SIGNING_KEY_ARN');
    return stringField(await readSecretJson(arn), 'privateKeyPem', arn);
  })().catch((err: unknown) => {
    signingKey = undefined;
    throw err;
  });
  return signingKey;
}
