import Stripe from 'stripe';
import { siteConfig } from '../../src/config';
import { mailDomainOf } from '../lib/handler-permissions';
import { type AppConfig, isProduction } from '../lib/app-config';
import { EDGE_REGION } from '../lib/edge-stack';
import { checkAccount, checkBootstrap, checkRegion, checkSes, sdkRegion } from './aws';
import { assertPassed, fail, ok, type Finding } from './findings';
import { checkSettings } from './settings';
import { deployedOutputs } from '../deployed-outputs';
import { checkPrice, ensureWebhookEndpoint } from './stripe';
import { storedStripeKey, storeStripeSecret } from './stripe-secret';
import { checkTrail } from './trail';

// `npm run deploy`'s checks in the order the deploy needs them (cdk/deploy.ts): everything that can be
// known before a stack exists first, so a first deploy stops before creating anything; the webhook
// endpoint once the backend stack has given the API its URL.

export type StripeFactory = (secretKey: string) => Stripe;

const defaultStripe: StripeFactory = (key) => new Stripe(key, { maxNetworkRetries: 2, telemetry: false });

export interface Ready {
  region: string;
  account: string;
  stripeKey: string;
  findings: Finding[];
}

export interface BeforeDeployOptions {
  /** STRIPE_SECRET_KEY: the first deploy's key (later ones find it in the Stripe secret). */
  stripeKeyFromEnv?: string;
  /** The Stripe secret's ARN from an earlier deploy's outputs, if there was one. */
  storedStripeSecretArn?: string;
  stripe?: StripeFactory;
  /** The site's price (default src/config.ts licensePriceUsd, the one price setting). */
  siteUsd?: number;
  /** The SDK's region (default: resolved as the CDK CLI resolves it). */
  resolvedRegion?: string | null;
}

/** Every check that needs no stack; throws PreflightFailed (with each fix) when one fails. */
export async function beforeDeploy(config: AppConfig, opts: BeforeDeployOptions = {}): Promise<Ready> {
  // The settings alone first: a mismatch stops the deploy before any AWS call.
  const findings: Finding[] = checkSettings(config);
  assertPassed(findings);
  const resolved = opts.resolvedRegion === undefined ? await sdkRegion() : (opts.resolvedRegion ?? undefined);
  const regionFinding = checkRegion(resolved, config.region);
  findings.push(regionFinding);
  const region = config.region ?? resolved;
  if (!region || regionFinding.status === 'fail') {
    assertPassed(findings);
    throw new Error('unreachable');
  }
  const { finding, account } = await checkAccount(region);
  findings.push(finding);
  if (!account) {
    assertPassed(findings);
    throw new Error('unreachable');
  }
  findings.push(...(await checkBootstrap(account, [region, EDGE_REGION])));
  findings.push(
    ...(await checkSes(region, config.sesIdentity ?? mailDomainOf(config.mailFrom), {
      production: isProduction(config),
      cognitoThroughSes: Boolean(config.sesIdentity),
      acceptSandbox: config.acceptSesSandbox,
    })),
  );

  // An earlier deploy's outputs: from this checkout's outputs file, else from AWS (any checkout).
  const earlier = opts.storedStripeSecretArn
    ? undefined
    : await deployedOutputs(region, config.envName, 'backend');
  findings.push(
    await checkTrail(region, {
      existingTrail: config.existingTrail,
      firstDeploy: !opts.storedStripeSecretArn && !earlier,
    }),
  );

  // The Stripe secret of an earlier deploy.
  const storedArn = opts.storedStripeSecretArn ?? earlier?.StripeSecretArn;
  const stripeKey = opts.stripeKeyFromEnv || (await storedStripeKey(region, storedArn));
  if (!stripeKey) {
    findings.push(
      fail(
        'Stripe secret key',
        'none given and none stored by an earlier deploy',
        'run the first deploy with STRIPE_SECRET_KEY=sk_live_... (sk_test_... for a test deploy) in the environment',
      ),
    );
  } else {
    findings.push(
      ok(
        'Stripe secret key',
        opts.stripeKeyFromEnv ? 'from STRIPE_SECRET_KEY' : 'stored by an earlier deploy',
      ),
    );
    const stripe = (opts.stripe ?? defaultStripe)(stripeKey);
    findings.push(
      ...(await checkPrice(
        stripe,
        config.stripePriceId,
        opts.siteUsd ?? siteConfig.licensePriceUsd,
        config.stripePublishableKey,
        stripeKey,
      )),
    );
  }
  assertPassed(findings);
  return { region, account, stripeKey: stripeKey ?? '', findings };
}

/**
 * Once the backend stack exists: the webhook endpoint for its URL (made when missing) and the Stripe secret
 * holding the key and the endpoint's signing secret. Throws PreflightFailed when either cannot be right.
 */
export async function afterBackend(
  ready: Pick<Ready, 'region' | 'stripeKey'>,
  outputs: { StripeWebhookUrl: string; StripeSecretArn: string; formerWebhookUrl?: string },
  envName: string,
  stripe: StripeFactory = defaultStripe,
): Promise<Finding[]> {
  const endpoint = await ensureWebhookEndpoint(
    stripe(ready.stripeKey),
    outputs.StripeWebhookUrl,
    `Stockbench ${envName}`,
    outputs.formerWebhookUrl,
  );
  const findings = [endpoint.finding];
  if (endpoint.finding.status !== 'fail') {
    findings.push(
      await storeStripeSecret(ready.region, outputs.StripeSecretArn, ready.stripeKey, endpoint.createdSecret),
    );
  }
  assertPassed(findings);
  return findings;
}
