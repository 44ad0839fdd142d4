import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import Stripe from 'stripe';
import { TRIGGER_PERMISSIONS } from '../cdk/lib/handler-permissions';
import { MACHINE_LIMIT_ENV, parseMachineLimit } from '../src/lib/machine-limit';
import { ORIGIN_VERIFY_ENV } from '../lambdas/lib/origin-check';
import { DEFAULT_TABLE_NAME } from '../lambdas/lib/table';
import { siteConfig } from '../src/config';
import { createApiHandler, startApiServer, type LogSink } from './api-server';
import { localSecretsManagerClient, localSesClient } from './aws-twins/clients';
import { startSecretsManagerTwin } from './aws-twins/secrets-manager';
import { startSesTwin } from './aws-twins/ses';
import { startCognito } from './cognito';
import { ensureVerifiedUser, localCognitoClient } from './cognito/setup';
import { localDynamoDbClient, startDynamoDb } from './dynamodb';
import { buildHandlerBundles } from './iam/bundles';
import { startIamGate, type IamGate } from './iam/gate';
import { adminPrincipal } from './iam/policy';
import { handlerCredentials, stackPrincipals } from './iam/principals';
import { sesSender, startLambdaInvoke, TRIGGERS_DIR } from './lambda-invoke';
import { startOutbox } from './outbox';
import { freePort } from './ports';
import { stackInfoPath, type StackInfo } from './stack-info';

// Starts everything `npm start` runs, on 127.0.0.1, with its state under `dir`:
// dynalite, cognito-local + our proxy + the trigger endpoint, the Stripe emulator, the outbox,
// the API server (alone, or behind the site server on the same origin). stack.json is written last,
// once every service has answered, and removed on stop.

export interface LocalStackOptions {
  /** State directory (default .local). */
  dir?: string;
  /** Also serve the built site (public/) with /api on the same origin. */
  site?: boolean;
  /** 'fixed': the documented ports (env overrides); 'auto': free ports, for parallel tests. */
  ports?: 'fixed' | 'auto';
  /** Progress lines; default console.log. */
  log?: (line: string) => void;
  /** Default true. False: the Stripe emulator records events but delivers none (bench:api). */
  webhooks?: boolean;
  /**
   * Machines one license may be used on at once (the deployment's `machineLimit`); null: no limit.
   * Default: LICENSE_MACHINE_LIMIT from the environment, else no limit.
   */
  machineLimit?: number | null;
  /**
   * With `site`: makes public/ current for this stack (npm start builds the site here). Runs once the
   * emulators answer, with the stack's URLs and ids, before the site is served and stack.json is
   * written, so nothing reaches a stale site through this stack.
   */
  prepareSite?: (info: StackInfo) => Promise<void>;
  /** Every log line of the handlers and triggers, as Lambda writes it (default: this console). */
  handlerLog?: LogSink;
  /**
   * SES as in a new account (its sandbox): mail reaches only these verified addresses, and IAM checks the
   * handlers' SendEmail on each recipient too. Default: production access (any recipient).
   */
  sesSandbox?: { verifiedRecipients: string[] };
  /**
   * The app client's auth session validity in seconds (how long a sign-in challenge can be answered):
   * Cognito's 3 minutes unless a test needs a shorter one. The proxy and the triggers both use it.
   */
  authSessionSeconds?: number;
}

export interface LocalStack {
  info: StackInfo;
  demo: { email: string; password: string };
  /** Every port the stack listens on, and cognito-local's pid: for checking that stop() left nothing. */
  ports: number[];
  cognitoLocalPid: number;
  /** The IAM gate in front of the AWS emulators (tests watch its decisions with onDecision). */
  iamGate: IamGate;
  /**
   * Replaces every handler's instance once the requests in flight are done (the next request starts a
   * cold one), as Lambda does over time: what an instance cached, such as a secret, is read again.
   */
  recycleHandlers(): Promise<void>;
  stop(): Promise<void>;
}

/** Default ports; each can be overridden by the environment variable named next to it. */
export const FIXED_PORTS = {
  site: ['SITE_PORT', 8000],
  api: ['API_PORT', 8001],
  cognito: ['COGNITO_PORT', 9229],
  cognitoLocal: ['COGNITO_LOCAL_PORT', 9230],
  stripe: ['STRIPE_PORT', 12111],
  dynamodb: ['DYNAMODB_PORT', 8400],
  outbox: ['OUTBOX_PORT', 8025],
  lambda: ['LAMBDA_PORT', 9001],
  ses: ['SES_PORT', 8026],
  secretsManager: ['SECRETS_MANAGER_PORT', 8027],
  iamGate: ['IAM_GATE_PORT', 8028],
} as const;
type Service = keyof typeof FIXED_PORTS;

export const DEMO_EMAIL = 'demo@stockbench.app';
const STRIPE_SECRET_KEY = 'sk_test_local';
const STRIPE_PUBLISHABLE_KEY = 'pk_test_local';
const PRICE_LOOKUP_KEY = 'license-monthly';
const MAIL_FROM = 'Stockbench <no-reply@stockbench.app>';
/** The SES twin's verified identity: MAIL_FROM's domain, as CDK grants the handlers (cdk/lib/api.ts). */
const MAIL_DOMAIN = 'stockbench.app';
// The secrets' names as CloudFormation generates them for cdk/lib/secrets.ts (logical id, then a
// random part); the twin adds the ARN's own six random characters once and keeps them.
const STRIPE_SECRET_NAME = 'SecretsStripe8F38C071-local';
const LICENSE_SIGNING_KEY_SECRET_NAME = 'SecretsLicenseSigningKeyA9A19515-local';

export { putLocalSecret } from './aws-twins/clients';

async function choosePorts(mode: 'fixed' | 'auto'): Promise<Record<Service, number>> {
  const out = {} as Record<Service, number>;
  const taken = new Set<number>();
  for (const [service, [envName, port]] of Object.entries(FIXED_PORTS) as [
    Service,
    (typeof FIXED_PORTS)[Service],
  ][]) {
    // Chosen up front (not port 0 per server) because URLs cross-reference: the site URL goes into
    // emails, the api URL into Stripe's webhook, the proxy URL into cognito-local's token issuer.
    // The OS may hand out a just-released port again: each service gets a different one.
    let chosen = mode === 'auto' ? await freePort() : Number(process.env[envName] || port);
    while (mode === 'auto' && taken.has(chosen)) chosen = await freePort();
    taken.add(chosen);
    out[service] = chosen;
  }
  return out;
}

/** The stack's generated secrets, kept in <dir>/secrets.json across restarts. */
export interface LocalSecrets {
  licenseSigningKey: string;
  stripeWebhookSecret: string;
  /** Seed of the admin's and every handler's AWS keys (dev/iam/policy.ts); added to older files on start. */
  iamSeed?: string;
}

const secretsPath = (dir: string): string => path.join(dir, 'secrets.json');
const outboxDirOf = (dir: string): string => path.join(dir, 'outbox');

/** The secrets of the stack whose state is in `dir` (written by startLocalStack). */
export async function readLocalSecrets(dir: string): Promise<LocalSecrets> {
  return JSON.parse(await readFile(secretsPath(path.resolve(dir)), 'utf8')) as LocalSecrets;
}

/**
 * The origin secret of the local stack: the handlers refuse every request without it (as in AWS), and
 * the local API server adds it to each request as CloudFront adds it to /api/* (dev/api-server.ts).
 * Not a secret locally, where nothing stands between a client and the API server anyway.
 */
const LOCAL_ORIGIN_SECRET = 'local-origin-verify-0123456789abcdef';

/** What handlers (and the Cognito trigger) read from process.env before any service is up. */
function baseHandlerEnv(
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
    // As CDK does: set only when there is a limit.
    ...(machineLimit !== null && { [MACHINE_LIMIT_ENV]: String(machineLimit) }),
  };
}

type AwsTwinInfo = Pick<StackInfo, 'ses' | 'secretsManager' | 'stripeSecretArn' | 'licenseSigningKeyArn'>;
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
function serviceHandlerEnv(s: ServiceInfo): Record<string, string> {
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

/** Each handler's own AWS keys for the stack whose secrets these are (startApiServer's `credentials`). */
export function localHandlerCredentials(secrets: LocalSecrets): ReturnType<typeof handlerCredentials> {
  if (!secrets.iamSeed)
    throw new Error('secrets.json has no iamSeed: start the stack once with this version');
  return handlerCredentials(secrets.iamSeed);
}

/** A JSON file under dir, created by `create` on first use. */
async function persisted<T>(file: string, create: () => T | Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    const value = await create();
    await writeFile(file, JSON.stringify(value, null, 2));
    return value;
  }
}

export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const dir = path.resolve(opts.dir ?? '.local');
  const log = opts.log ?? ((line: string) => console.log(line));
  const withSite = opts.site ?? false;
  await mkdir(dir, { recursive: true });
  await rm(stackInfoPath(dir), { force: true });
  // The handlers' bundles build (or come from the cache) while the emulators start; a failed build
  // is reported by the API's first request, which builds again.
  buildHandlerBundles().catch(() => undefined);

  const ports = await choosePorts(opts.ports ?? 'fixed');
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const siteUrl = withSite ? url(ports.site) : url(ports.api);
  const apiBase = `${withSite ? url(ports.site) : url(ports.api)}/api`;
  const tableName = process.env.TABLE_NAME || DEFAULT_TABLE_NAME;
  const outboxDir = outboxDirOf(dir);
  const machineLimit =
    opts.machineLimit === undefined
      ? (parseMachineLimit(process.env[MACHINE_LIMIT_ENV]) ?? null)
      : opts.machineLimit;

  const secrets = await persisted<LocalSecrets>(secretsPath(dir), () => ({
    licenseSigningKey: generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString(),
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  }));
  const demo = await persisted(path.join(dir, 'demo-user.json'), () => ({
    email: DEMO_EMAIL,
    password: `demo-${randomBytes(4).toString('hex')}`,
  }));

  if (!secrets.iamSeed) {
    secrets.iamSeed = randomBytes(32).toString('hex');
    await writeFile(secretsPath(dir), JSON.stringify(secrets, null, 2));
  }
  const iamSeed = secrets.iamSeed;
  const admin = adminPrincipal(iamSeed).credentials;

  // Handlers and the trigger read configuration from process.env; set what is known now.
  const env: Record<string, string> = baseHandlerEnv(tableName, siteUrl, machineLimit);
  if (opts.authSessionSeconds) env.AUTH_SESSION_VALIDITY_SECONDS = String(opts.authSessionSeconds);
  Object.assign(process.env, env);
  // A limit given as an option replaces one in this process's environment (tests call lambdas/lib here).
  if (machineLimit === null) Reflect.deleteProperty(process.env, MACHINE_LIMIT_ENV);
  // This process's own code (setup, checks, tests run here) signs as the stack's admin. Handlers never
  // see these keys: each runs with its own (api-server.ts).
  process.env.AWS_ACCESS_KEY_ID = admin.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = admin.secretAccessKey;
  delete process.env.AWS_SESSION_TOKEN;

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error('stopping the local stack:', error);
      }
    }
    stops.length = 0;
    await rm(stackInfoPath(dir), { force: true });
  };

  try {
    const dynamodb = await startDynamoDb({
      path: path.join(dir, 'dynamodb'),
      port: ports.dynamodb,
      tableName,
    });
    stops.push(dynamodb.stop);
    log(`DynamoDB (dynalite)  ${dynamodb.endpoint}`);

    const outbox = await startOutbox({ dir: outboxDir, port: ports.outbox });
    stops.push(outbox.stop);

    // The AWS twins come before anything that mails (the Cognito trigger) or reads a secret.
    const ses = await startSesTwin({
      port: ports.ses,
      outboxDir,
      verifiedIdentities: [MAIL_DOMAIN, ...(opts.sesSandbox?.verifiedRecipients ?? [])],
      sandbox: Boolean(opts.sesSandbox),
    });
    stops.push(ses.stop);
    log(`SES v2 (twin)        ${ses.url}  verified ${MAIL_DOMAIN}`);
    const secretsManager = await startSecretsManagerTwin({
      port: ports.secretsManager,
      statePath: path.join(dir, 'secrets-manager', 'state.json'),
    });
    stops.push(secretsManager.stop);
    // Seeded with the stack's values on every start (a value a test put is replaced by them).
    const twins: AwsTwinInfo = {
      ses: ses.url,
      secretsManager: secretsManager.url,
      stripeSecretArn: await secretsManager.ensureSecret(
        STRIPE_SECRET_NAME,
        JSON.stringify({ secretKey: STRIPE_SECRET_KEY, webhookSecret: secrets.stripeWebhookSecret }),
        'Stripe secret key and webhook signing secret: JSON { secretKey, webhookSecret }',
      ),
      licenseSigningKeyArn: await secretsManager.ensureSecret(
        LICENSE_SIGNING_KEY_SECRET_NAME,
        JSON.stringify({ privateKeyPem: secrets.licenseSigningKey }),
        'Ed25519 private key that signs license statements: JSON { privateKeyPem }',
      ),
    };
    log(`Secrets Manager      ${secretsManager.url}`);

    // Before Cognito: the admin operations sent to its endpoint (setup's too) pass the gate, as in AWS.
    // The handlers' principals follow once the pool exists.
    const cognitoMark = { header: 'x-local-iam-checked', value: randomBytes(16).toString('hex') };
    const gate = await startIamGate({
      port: ports.iamGate,
      upstreams: {
        dynamodb: dynamodb.endpoint,
        'cognito-idp': url(ports.cognito),
        ses: ses.url,
        secretsmanager: secretsManager.url,
      },
      principals: [adminPrincipal(iamSeed)],
      secretArns: () => [twins.stripeSecretArn, twins.licenseSigningKeyArn],
      cognitoMark,
      sesSandbox: Boolean(opts.sesSandbox),
    });
    stops.push(gate.stop);
    log(`IAM gate             ${gate.url}  (the handlers' AWS endpoint)`);

    const lambda = await startLambdaInvoke({
      port: ports.lambda,
      logSink: opts.handlerLog,
      deliver: sesSender(ses.url, MAIL_FROM),
      // The triggers that call AWS run as deployed, with their own keys (the gate below knows them) and
      // the handlers' environment (complete by their first invocation).
      isolated: {
        names: Object.keys(TRIGGER_PERMISSIONS),
        dir: TRIGGERS_DIR,
        env,
        credentials: handlerCredentials(iamSeed),
      },
    });
    stops.push(lambda.stop);

    const cognito = await startCognito({
      dataDir: path.join(dir, 'cognito'),
      port: ports.cognito,
      upstreamPort: ports.cognitoLocal,
      lambdaEndpoint: lambda.url,
      messageHookUrl: lambda.messageHookUrl,
      preSignUpFunction: 'pre-sign-up',
      preAuthenticationFunction: 'pre-authentication',
      securityEventsFunction: 'security-events',
      iamGate: { url: gate.url, mark: cognitoMark },
      challengeSessions: opts.authSessionSeconds ? { ttlMs: opts.authSessionSeconds * 1000 } : undefined,
    });
    stops.push(cognito.stop);
    gate.setPrincipals(
      stackPrincipals(iamSeed, {
        tableName,
        userPoolId: cognito.userPoolId,
        stripeSecretArn: twins.stripeSecretArn,
        licenseSigningKeyArn: twins.licenseSigningKeyArn,
        mailFrom: MAIL_FROM,
      }),
    );
    log(`Cognito (proxy)      ${cognito.endpoint}  pool ${cognito.userPoolId}  client ${cognito.clientId}`);
    if (await ensureVerifiedUser(cognito.endpoint, cognito.userPoolId, demo.email, demo.password)) {
      log(`Created demo user    ${demo.email}`);
    }

    const stripe = await startStripe(
      dir,
      ports.stripe,
      secrets.stripeWebhookSecret,
      `${apiBase}/stripe-webhook`,
    );
    stops.push(stripe.stop);
    if (opts.webhooks === false) stripe.setWebhookUrl(undefined);
    const priceId = await ensurePrice(dir, stripe.port);
    log(`Stripe emulator      ${stripe.url}  price ${priceId}`);

    Object.assign(
      env,
      serviceHandlerEnv({
        awsGate: gate.url,
        ...twins,
        dynamodb: dynamodb.endpoint,
        userPoolId: cognito.userPoolId,
        clientId: cognito.clientId,
        cognitoEndpoint: cognito.endpoint,
        stripeApi: stripe.url,
        stripePriceId: priceId,
      }),
    );
    // This process sees the handlers' environment too (tests call lambdas/lib here), with the admin's
    // keys: through the gate, as the admin.
    Object.assign(process.env, env);
    const apiOptions = {
      jwt: { issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, audience: cognito.clientId },
      env,
      credentials: handlerCredentials(iamSeed),
      logSink: opts.handlerLog,
    };
    const info: StackInfo = {
      site: withSite ? url(ports.site) : null,
      api: apiBase,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      region: 'us-east-1',
      stripeApi: stripe.url,
      stripeJs: stripe.jsUrl,
      stripePublishableKey: STRIPE_PUBLISHABLE_KEY,
      stripePriceId: priceId,
      dynamodb: dynamodb.endpoint,
      tableName,
      outbox: outbox.url,
      ...twins,
      awsGate: gate.url,
      adminCredentials: { accessKeyId: admin.accessKeyId, secretAccessKey: admin.secretAccessKey },
      machineLimit,
      startedAt: new Date().toISOString(),
    };
    if (withSite) await opts.prepareSite?.(info);
    const listening = [
      ports.dynamodb,
      ports.outbox,
      ports.lambda,
      ports.cognito,
      ports.cognitoLocal,
      stripe.port,
      ses.port,
      secretsManager.port,
      gate.port,
    ];
    let apiIdle: () => Promise<void>;
    let apiRecycle: () => Promise<void>;
    if (withSite) {
      const { startSiteServer, localSecurityHeaders } = await import('./site-server');
      const api = createApiHandler(apiOptions);
      stops.push(api.close);
      const server = await startSiteServer({
        root: path.join(__dirname, '..', 'public'),
        port: ports.site,
        api,
        // CloudFront's headers, with the local Stripe and Cognito stand-ins in the CSP.
        securityHeaders: localSecurityHeaders({
          stripeJs: stripe.jsUrl,
          stripeApi: stripe.url,
          cognito: cognito.endpoint,
        }),
      });
      stops.push(server.stop);
      info.site = server.url;
      listening.push(server.port);
      apiIdle = api.idle;
      apiRecycle = api.close;
    } else {
      const server = await startApiServer({ ...apiOptions, port: ports.api });
      stops.push(server.stop);
      listening.push(server.port);
      apiIdle = server.idle;
      apiRecycle = server.recycle;
    }
    // Stopping runs in reverse, so this runs first: no new webhook deliveries, then the requests in
    // flight finish while every emulator they call is still up.
    stops.push(async () => {
      stripe.setWebhookUrl(undefined);
      await apiIdle();
    });

    await checkServices(info);
    await writeFile(stackInfoPath(dir), JSON.stringify(info, null, 2));
    const recycleHandlers = async () => {
      await apiIdle();
      await apiRecycle();
    };
    return {
      info,
      demo,
      ports: listening,
      cognitoLocalPid: cognito.pid,
      iamGate: gate,
      recycleHandlers,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface StripeHandle {
  url: string;
  port: number;
  jsUrl: string;
  setWebhookUrl(url: string | undefined): void;
  stop(): Promise<void>;
}

async function startStripe(
  dir: string,
  port: number,
  webhookSecret: string,
  webhookUrl: string,
): Promise<StripeHandle> {
  if (!existsSync(path.join(__dirname, 'stripe-emulator', 'index.ts'))) {
    throw new Error(
      'dev/stripe-emulator/index.ts is missing: the Stripe emulator is required by the local stack',
    );
  }
  const { startStripeEmulator } = await import('./stripe-emulator/index');
  await mkdir(path.join(dir, 'stripe'), { recursive: true });
  return startStripeEmulator({
    port,
    webhookSecret,
    webhookUrl,
    statePath: path.join(dir, 'stripe', 'state.json'),
    businessName: 'Stockbench',
  });
}

export function localStripe(port: number): Stripe {
  return new Stripe(STRIPE_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}

/** The license's monthly price in cents, from the one setting the site states it from. */
const LICENSE_PRICE_CENTS = Math.round(siteConfig.licensePriceUsd * 100);

/**
 * The product and monthly price, created once (again when the setting's price changed); their ids live
 * in <dir>/stripe/ids.json.
 */
async function ensurePrice(dir: string, port: number): Promise<string> {
  const stripe = localStripe(port);
  const file = path.join(dir, 'stripe', 'ids.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { priceId: string };
    const current = await stripe.prices.retrieve(saved.priceId);
    if (current.unit_amount === LICENSE_PRICE_CENTS) return saved.priceId;
  } catch {
    // First start, or the emulator's state was wiped: create them.
  }
  const product = await stripe.products.create({ name: 'Stockbench license' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: LICENSE_PRICE_CENTS,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: PRICE_LOOKUP_KEY,
    // A changed price takes the key over from the old one, as Stripe lets a key move.
    transfer_lookup_key: true,
  });
  await writeFile(file, JSON.stringify({ productId: product.id, priceId: price.id }, null, 2));
  return price.id;
}

/** One real call to each service; throws naming the first that does not answer. */
export async function checkServices(info: StackInfo): Promise<void> {
  const check = async (name: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      throw new Error(`${name} does not answer: ${String(error)}`);
    }
  };
  await check('DynamoDB', async () => {
    const client = localDynamoDbClient(info.dynamodb);
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    client.destroy();
    if (!TableNames.includes(info.tableName)) throw new Error(`table ${info.tableName} missing`);
  });
  await check('Cognito', async () => {
    const client = localCognitoClient(info.cognitoEndpoint);
    await client.send(new DescribeUserPoolCommand({ UserPoolId: info.userPoolId }));
    client.destroy();
  });
  await check('IAM gate', async () => {
    const client = localDynamoDbClient(info.awsGate, info.adminCredentials);
    await client.send(new ListTablesCommand({}));
    client.destroy();
  });
  await check('Stripe', () =>
    localStripe(Number(new URL(info.stripeApi).port)).prices.retrieve(info.stripePriceId),
  );
  await check('SES', async () => {
    const client = localSesClient(info.ses);
    try {
      await client.send(new GetEmailIdentityCommand({ EmailIdentity: MAIL_DOMAIN }));
    } finally {
      client.destroy();
    }
  });
  await check('Secrets Manager', async () => {
    const client = localSecretsManagerClient(info.secretsManager);
    try {
      for (const [arn, field] of [
        [info.stripeSecretArn, 'webhookSecret'],
        [info.licenseSigningKeyArn, 'privateKeyPem'],
      ] as const) {
        const { SecretString = '{}' } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
        if (!(field in (JSON.parse(SecretString) as object))) throw new Error(`${arn} has no ${field}`);
      }
    } finally {
      client.destroy();
    }
  });
  await check('outbox', async () => {
    if (!(await fetch(info.outbox)).ok) throw new Error('not ok');
  });
  await check('API', async () => {
    const res = await fetch(`${info.api}/health`);
    if (!res.ok) throw new Error(`GET /api/health answered ${res.status}`);
  });
}
