import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TRIGGER_PERMISSIONS } from '../cdk/lib/handler-permissions';
import { MACHINE_LIMIT_ENV, parseMachineLimit } from '../src/lib/machine-limit';
import { DEFAULT_TABLE_NAME } from '../lambdas/lib/table';
import { createApiHandler, startApiServer } from './api-server';
import type { LogSink } from './lambda-workers';
import { startSecretsManagerTwin } from './aws-twins/secrets-manager';
import { startSesTwin } from './aws-twins/ses';
import { startCognito } from './cognito';
import { ensureVerifiedUser } from './cognito/setup';
import { startDynamoDb } from './dynamodb';
import { buildHandlerBundles } from '../cdk/lib/handler-bundles';
import { startIamGate, type IamGate } from './iam/gate';
import { adminPrincipal } from './iam/policy';
import { handlerCredentials, stackPrincipals } from './iam/principals';
import { sesSender, startLambdaInvoke, TRIGGERS_DIR } from './lambda-invoke';
import { startOutbox } from './outbox';
import { freePort, isPortFree } from './ports';
import { stackInfoPath, type StackInfo } from './stack-info';
import { checkServices } from './check-services';
import { baseHandlerEnv, MAIL_DOMAIN, MAIL_FROM, serviceHandlerEnv, type AwsTwinInfo } from './handler-env';
import { secretsPath, type LocalSecrets } from './local-secrets';
import { ensurePrice, startStripe, STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY } from './local-stripe';

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
   * Default true. False: the local Cognito sends no CloudTrail events to the security-events function;
   * a test delivers them itself, as late as EventBridge may.
   */
  securityEvents?: boolean;
  /**
   * Machines one license may be used on at once (the deployment's `machineLimit`); null: no limit.
   * Default: LICENSE_MACHINE_LIMIT from the environment, else no limit.
   */
  machineLimit?: number | null;
  /**
   * With `site`: makes public/ current for this stack (npm start builds the site here). Runs once the
   * emulators answer, with the stack's URLs and ids. Meanwhile the site server answers /api and a
   * "being built" page for everything else; stack.json is written after it, so nothing reaches a stale
   * site through this stack.
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
  /**
   * Set when one stack serves many test files in turn (lambdas/__tests__/support/worker-stack.ts): the
   * Stripe emulator's clock then stays fixed, refusing a move with this reason, since moving it would
   * move every later file's time too.
   */
  clockFixed?: string;
  /** Passkeys as a first factor on the local Cognito, as CDK context `passkeys` deploys them. Default off. */
  passkeys?: boolean;
  /**
   * Default true: DynamoDB and the Stripe emulator keep their state under `dir` across starts (npm start).
   * False: they keep it in memory, for stacks whose directory is removed when they stop (the tests'):
   * LevelDB's disk reads and the emulator's state file were a tenth of the integration tests' CPU.
   */
  persist?: boolean;
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
// The secrets' names as CloudFormation generates them for cdk/lib/secrets.ts (logical id, then a
// random part); the twin adds the ARN's own six random characters once and keeps them.
const STRIPE_SECRET_NAME = 'SecretsStripe8F38C071-local';
const LICENSE_SIGNING_KEY_SECRET_NAME = 'SecretsLicenseSigningKeyA9A19515-local';

export { putLocalSecret } from './aws-twins/clients';
// What another process needs to reach a running stack, from the module that starts it.
export { handlerEnv } from './handler-env';
export { localHandlerCredentials, readLocalSecrets } from './local-secrets';
export { localStripe } from './local-stripe';

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
    // A documented port held by another program is named with the setting that moves it, before
    // anything starts (instead of a bare EADDRINUSE from whichever server binds it).
    if (mode === 'fixed' && (taken.has(chosen) || !(await isPortFree(chosen))))
      throw new Error(
        `Port ${chosen} (${service}) is already in use: stop what holds it, or move it with ${envName}=<port>.`,
      );
    taken.add(chosen);
    out[service] = chosen;
  }
  return out;
}

const outboxDirOf = (dir: string): string => path.join(dir, 'outbox');

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
      path: opts.persist === false ? undefined : path.join(dir, 'dynamodb'),
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
      // The stack's own process (tests playing EventBridge) invokes with the admin's keys.
      callers: [admin],
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
      lambdaCredentials: lambda.cognitoCredentials,
      messageHookUrl: lambda.messageHookUrl,
      preSignUpFunction: 'pre-sign-up',
      preAuthenticationFunction: 'pre-authentication',
      securityEventsFunction: opts.securityEvents === false ? undefined : 'security-events',
      iamGate: { url: gate.url, mark: cognitoMark },
      challengeSessions: opts.authSessionSeconds ? { ttlMs: opts.authSessionSeconds * 1000 } : undefined,
      passkeys: opts.passkeys ?? false,
      progress: log,
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

    const stripe = await startStripe({
      dir,
      persist: opts.persist !== false,
      port: ports.stripe,
      webhookSecret: secrets.stripeWebhookSecret,
      webhookUrl: `${apiBase}/stripe-webhook`,
      clockFixed: opts.clockFixed,
    });
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
      lambda: lambda.url,
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
      passkeys: opts.passkeys ?? false,
      startedAt: new Date().toISOString(),
    };
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
      // The site server, and /api through it, answer while the site builds; a page request waits for
      // the build (a 503 page that says so), so nothing reaches a stale site through this stack.
      const built = opts.prepareSite?.(info);
      built?.catch(() => undefined);
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
        siteReady: built,
      });
      stops.push(server.stop);
      info.site = server.url;
      listening.push(server.port);
      apiIdle = api.idle;
      apiRecycle = api.close;
      await built;
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
