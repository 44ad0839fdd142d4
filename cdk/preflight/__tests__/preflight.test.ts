import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { CloudTrailClient, DescribeTrailsCommand } from '@aws-sdk/client-cloudtrail';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../../../dev/stripe-emulator';
import { STRIPE_API_VERSION } from '../../../lambdas/lib/stripe/client';
import { WEBHOOK_EVENTS } from '../../../lambdas/lib/stripe/webhook-events';
import { siteConfig } from '../../../src/config';
import { readAppConfig, type AppConfig } from '../../lib/app-config';
import { cdkJsonContext } from '../../__tests__/helpers';
import { PreflightFailed, type Finding } from '../findings';
import { afterBackend, beforeDeploy } from '../run';
import { servingSite } from '../site-origin';

// `npm run deploy`'s checks with AWS's SDK mocked at its clients (aws-sdk-client-mock) and Stripe played
// by the project's emulator: each failure stops the deploy before anything is created and names its fix.

const sts = mockClient(STSClient);
const ssm = mockClient(SSMClient);
const ses = mockClient(SESv2Client);
const secrets = mockClient(SecretsManagerClient);
const cloudtrail = mockClient(CloudTrailClient);

const KEY = 'sk_test_preflight';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:SecretsStripe-AbCdEf';
const WEBHOOK_URL = 'https://www.example.com/api/stripe-webhook';

let emulator: StripeEmulator;
const stripeFor = (key: string) => {
  const url = new URL(emulator.url);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};
let admin: Stripe;
const priceOf = async (
  params: Partial<Stripe.PriceCreateParams> & { recurring?: Stripe.PriceCreateParams.Recurring | null },
) => {
  const product = await admin.products.create({ name: 'Stockbench license' });
  const { recurring, ...rest } = params;
  return admin.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: siteConfig.licensePriceUsd * 100,
    ...(recurring === null ? {} : { recurring: recurring ?? { interval: 'month' } }),
    ...rest,
  });
};

beforeAll(async () => {
  emulator = await startStripeEmulator();
  admin = stripeFor(KEY);
});
afterAll(() => emulator?.stop());

/** An account where every AWS check passes: bootstrapped, SES verified with production access. */
function healthyAccount() {
  sts.reset();
  ssm.reset();
  ses.reset();
  secrets.reset();
  cloudtrail.reset();
  cloudtrail.on(DescribeTrailsCommand).resolves({ trailList: [] });
  sts
    .on(GetCallerIdentityCommand)
    .resolves({ Account: '123456789012', Arn: 'arn:aws:iam::123456789012:user/ops' });
  ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '29' } });
  ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
}

const configWith = (context: Record<string, string>): AppConfig =>
  readAppConfig((key) => ({ ...cdkJsonContext, ...context })[key]);

async function failures(attempt: Promise<unknown>): Promise<Finding[]> {
  try {
    await attempt;
  } catch (err) {
    if (err instanceof PreflightFailed) return err.findings.filter((f) => f.status === 'fail');
    throw err;
  }
  return [];
}

describe('before anything is deployed', () => {
  let price: Stripe.Price;
  beforeAll(async () => {
    price = await priceOf({});
  });
  beforeEach(healthyAccount);
  const config = (extra: Record<string, string> = {}) =>
    configWith({
      stripePriceId: price.id,
      stripePublishableKey: 'pk_test_x',
      region: 'eu-west-1',
      alarmEmail: 'ops@stockbench.app',
      ...extra,
    });
  const run = (c: AppConfig, opts: Parameters<typeof beforeDeploy>[1] = {}) =>
    beforeDeploy(c, { resolvedRegion: 'eu-west-1', stripeKeyFromEnv: KEY, stripe: stripeFor, ...opts });

  it('passes a ready account, and checks the bootstrap in the region and in us-east-1', async () => {
    const ready = await run(config());
    expect(ready).toMatchObject({ region: 'eu-west-1', account: '123456789012', stripeKey: KEY });
    expect(ready.findings.filter((f) => f.status !== 'ok')).toEqual([]);
    const bootstrapReads = ssm
      .commandCalls(GetParameterCommand)
      .filter((c) => c.args[0].input.Name === '/cdk-bootstrap/hnb659fds/version');
    const regions = await Promise.all(bootstrapReads.map((c) => (c.thisValue as SSMClient).config.region()));
    expect(regions.sort()).toEqual(['eu-west-1', 'us-east-1']);
  });

  it('stops on a region the SDK does not resolve, or another than the stacks target, before any AWS call', async () => {
    expect(await failures(run(config(), { resolvedRegion: null }))).toEqual([
      expect.objectContaining({
        check: 'region',
        fix: expect.stringContaining('export AWS_REGION=eu-west-1'),
      }),
    ]);
    expect(await failures(run(config(), { resolvedRegion: 'us-east-1' }))).toEqual([
      expect.objectContaining({
        check: 'region',
        detail: 'the stacks target eu-west-1 (region setting) but the AWS SDK resolves us-east-1',
        fix: expect.stringContaining('export AWS_REGION=eu-west-1'),
      }),
    ]);
    expect(sts.calls()).toHaveLength(0);
    // Without the setting the SDK's region is the target.
    expect(
      (await run(configWith({ stripePriceId: price.id, stripePublishableKey: 'pk_test_x' }))).region,
    ).toBe('eu-west-1');
  });

  it('stops on missing credentials', async () => {
    sts.on(GetCallerIdentityCommand).rejects(new Error('Could not load credentials from any providers'));
    expect(await failures(run(config()))).toEqual([
      expect.objectContaining({ check: 'credentials', fix: expect.stringContaining('aws sso login') }),
    ]);
  });

  it('stops when an account is not bootstrapped in us-east-1, naming the bootstrap command', async () => {
    ssm.on(GetParameterCommand).callsFake(async (_input, getClient) => {
      if ((await getClient().config.region()) === 'us-east-1') {
        throw new ParameterNotFound({ message: 'not found', $metadata: {} });
      }
      return { Parameter: { Value: '29' } };
    });
    expect(await failures(run(config()))).toEqual([
      expect.objectContaining({
        check: 'CDK bootstrap in us-east-1',
        fix: 'npx cdk bootstrap aws://123456789012/us-east-1',
      }),
    ]);
  });

  it("stops on an SES sender identity that is missing or unverified; warns of the sandbox's consequence", async () => {
    ses.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'no', $metadata: {} }));
    expect(await failures(run(config()))).toEqual([
      expect.objectContaining({ check: 'SES sender', fix: expect.stringContaining('create-email-identity') }),
    ]);
    healthyAccount();
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const ready = await run(config());
    expect(ready.findings.filter((f) => f.status === 'warn')).toEqual([
      expect.objectContaining({
        check: 'SES production access',
        detail: expect.stringContaining('503 MAIL_NOT_SENT'),
        fix: expect.stringContaining('production access'),
      }),
    ]);
    // The identity checked is the sender's domain unless sesIdentity names one.
    expect(ses.commandCalls(GetEmailIdentityCommand)[0]?.args[0].input).toEqual({
      EmailIdentity: 'stockbench.app',
    });
  });

  it('stops in production while SES is in the sandbox, unless the operator accepts it', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const production = { env: 'production', alarmEmail: 'ops@stockbench.app', sesIdentity: 'stockbench.app' };
    expect(await failures(run(config(production)))).toEqual([
      expect.objectContaining({
        check: 'SES production access',
        detail: expect.stringContaining('verification'),
        fix: expect.stringContaining('acceptSesSandbox=true'),
      }),
    ]);
    const accepted = await run(config({ ...production, acceptSesSandbox: 'true' }));
    expect(accepted.findings.filter((f) => f.status === 'warn').map((f) => f.check)).toEqual([
      'SES production access',
    ]);
  });

  it('stops before any AWS call on a sender that is not on the SES identity', async () => {
    // CDK refuses to synthesize this pair ("fromEmail contains a different domain than the sesVerifiedDomain").
    expect(await failures(run(config({ sesIdentity: 'example.com' })))).toEqual([
      expect.objectContaining({ check: 'mail sender', fix: expect.stringContaining('no-reply@example.com') }),
    ]);
    expect(sts.calls()).toHaveLength(0);
    expect(await failures(run(config({ sesIdentity: 'other@stockbench.app' })))).toEqual([
      expect.objectContaining({ check: 'mail sender' }),
    ]);
    expect(await failures(run(config({ sesIdentity: 'stockbench.app' })))).toEqual([]);
    expect(await failures(run(config({ sesIdentity: 'no-reply@stockbench.app' })))).toEqual([]);
  });

  it('stops a production deploy without alarmEmail, and warns elsewhere', async () => {
    expect(await failures(run(config({ env: 'production', alarmEmail: '' })))).toEqual([
      expect.objectContaining({ check: 'alarm receiver', fix: expect.stringContaining('alarmEmail=') }),
    ]);
    const dev = await run(config({ alarmEmail: '' }));
    expect(dev.findings.filter((f) => f.status === 'warn').map((f) => f.check)).toEqual(['alarm receiver']);
  });

  it('stops when existingTrail says the account has a trail and none logs management events', async () => {
    expect(await failures(run(config({ existingTrail: 'true' })))).toEqual([
      expect.objectContaining({ check: 'CloudTrail', detail: expect.stringContaining('no security mail') }),
    ]);
    const own = await run(config());
    expect(own.findings.find((f) => f.check === 'CloudTrail')?.status).toBe('ok');
  });

  it.each([
    ['a yearly price', { recurring: { interval: 'year' as const } }, 'recurs every 1 year'],
    ['a one-time price', { recurring: null }, 'one-time price'],
    ['a price in euros', { currency: 'eur' }, 'in EUR, not USD'],
    [
      'another amount than the site shows',
      { unit_amount: 1200 },
      'charges 12.00 where the site shows 15.00 USD',
    ],
    ['an archived price', { active: false }, 'archived'],
  ])('stops on %s, naming the price the site shows', async (_name, params, problem) => {
    const wrong = await priceOf(params as never);
    expect(await failures(run(config({ stripePriceId: wrong.id })))).toEqual([
      expect.objectContaining({
        check: `Stripe price ${wrong.id}`,
        detail: expect.stringContaining(problem),
        fix: expect.stringContaining('monthly USD price of 15.00'),
      }),
    ]);
  });

  it('stops on a price the account does not have, and on keys of two modes', async () => {
    expect(await failures(run(config({ stripePriceId: 'price_doesnotexist' })))).toEqual([
      expect.objectContaining({ detail: expect.stringContaining('no such price') }),
    ]);
    expect(await failures(run(config({ stripePublishableKey: 'pk_live_x' })))).toEqual([
      expect.objectContaining({ check: 'Stripe keys' }),
    ]);
  });

  it("a later deploy from a fresh clone (no cdk.out/, no STRIPE_SECRET_KEY) finds the key through the stack's outputs parameter", async () => {
    ssm
      .on(GetParameterCommand, { Name: '/stockbench/dev/backend-outputs' })
      .resolves({ Parameter: { Value: JSON.stringify({ StripeSecretArn: SECRET_ARN }) } });
    secrets
      .on(GetSecretValueCommand, { SecretId: SECRET_ARN })
      .resolves({ SecretString: JSON.stringify({ secretKey: KEY, webhookSecret: 'whsec_1' }) });
    const ready = await run(config(), { stripeKeyFromEnv: undefined });
    expect(ready.stripeKey).toBe(KEY);
    expect(ready.findings).toContainEqual(
      expect.objectContaining({ check: 'Stripe secret key', detail: 'stored by an earlier deploy' }),
    );
  });

  it('takes the Stripe key an earlier deploy stored, and stops when there is none', async () => {
    secrets
      .on(GetSecretValueCommand)
      .resolves({ SecretString: JSON.stringify({ secretKey: KEY, webhookSecret: 'whsec_1' }) });
    const ready = await run(config(), { stripeKeyFromEnv: undefined, storedStripeSecretArn: SECRET_ARN });
    expect(ready.stripeKey).toBe(KEY);
    expect(await failures(run(config(), { stripeKeyFromEnv: undefined }))).toEqual([
      expect.objectContaining({
        check: 'Stripe secret key',
        fix: expect.stringContaining('STRIPE_SECRET_KEY='),
      }),
    ]);
  });
});

describe('once the backend stack gives the API its URL', () => {
  const ready = { region: 'eu-west-1', stripeKey: KEY };
  const outputs = { StripeWebhookUrl: WEBHOOK_URL, StripeSecretArn: SECRET_ARN };
  let stored: string;
  beforeEach(() => {
    secrets.reset();
    stored = JSON.stringify({ secretKey: 'REPLACE_ME', webhookSecret: 'REPLACE_ME' });
    secrets.on(GetSecretValueCommand).callsFake(() => ({ SecretString: stored }));
    secrets.on(PutSecretValueCommand).callsFake((input: { SecretString: string }) => {
      stored = input.SecretString;
      return {};
    });
  });

  it('creates the webhook endpoint with the events and API version the handler reads, and stores its secret', async () => {
    const findings = await afterBackend(ready, outputs, 'dev', stripeFor);
    expect(findings.map((f) => f.status)).toEqual(['ok', 'ok']);
    const [endpoint] = (await admin.webhookEndpoints.list()).data.filter((e) => e.url === WEBHOOK_URL);
    expect(endpoint).toMatchObject({ enabled_events: [...WEBHOOK_EVENTS], api_version: STRIPE_API_VERSION });
    expect(JSON.parse(stored)).toEqual({ secretKey: KEY, webhookSecret: expect.stringMatching(/^whsec_/) });
    // A second deploy finds it and changes nothing.
    const again = await afterBackend(ready, outputs, 'dev', stripeFor);
    expect(again.map((f) => f.detail)).toEqual([
      expect.stringContaining(endpoint?.id ?? '-'),
      expect.stringContaining('already holds'),
    ]);
    expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(1);
  });

  it('a first deploy whose custom domain has no DNS yet registers the webhook on the distribution, moved once the domain answers', async () => {
    const custom = { SiteUrl: 'https://www.first.example', DistributionDomainName: 'dfirst.cloudfront.net' };
    const first = await servingSite(custom, async () => false);
    expect(first).toMatchObject({
      url: 'https://dfirst.cloudfront.net',
      note: expect.stringContaining('DNS'),
    });
    const onDistribution = 'https://dfirst.cloudfront.net/api/stripe-webhook';
    const place = (url: string) => ({
      StripeWebhookUrl: `${url}/api/stripe-webhook`,
      StripeSecretArn: SECRET_ARN,
      formerWebhookUrl: onDistribution,
    });
    await afterBackend(ready, place(first.url), 'dev', stripeFor);
    const [created] = (await admin.webhookEndpoints.list()).data.filter((e) => e.url === onDistribution);
    expect(created).toBeDefined();

    const later = await servingSite(custom, async (url) => url === 'https://www.first.example/api/health');
    expect(later).toEqual({ url: 'https://www.first.example' });
    const moved = await afterBackend(ready, place(later.url), 'dev', stripeFor);
    expect(moved[0]?.detail).toContain('moved');
    const endpoints = (await admin.webhookEndpoints.list()).data.filter((e) => e.url.includes('first'));
    expect(endpoints.map((e) => [e.id, e.url])).toEqual([
      [created?.id, 'https://www.first.example/api/stripe-webhook'],
    ]);
    // The signing secret is the endpoint's own, kept: stored once, at creation.
    expect(secrets.commandCalls(PutSecretValueCommand)).toHaveLength(1);
  });

  it('stops on an endpoint that lacks events, and on one whose signing secret was never stored', async () => {
    const url = 'https://other.example.com/api/stripe-webhook';
    await admin.webhookEndpoints.create({
      url,
      enabled_events: ['invoice.paid'],
      api_version: STRIPE_API_VERSION,
    });
    expect(
      await failures(afterBackend(ready, { ...outputs, StripeWebhookUrl: url }, 'dev', stripeFor)),
    ).toEqual([
      expect.objectContaining({
        detail: expect.stringContaining('it does not send invoice.payment_succeeded'),
      }),
    ]);
    const complete = 'https://third.example.com/api/stripe-webhook';
    await admin.webhookEndpoints.create({
      url: complete,
      enabled_events: ['*'],
      api_version: STRIPE_API_VERSION,
    });
    expect(
      await failures(afterBackend(ready, { ...outputs, StripeWebhookUrl: complete }, 'dev', stripeFor)),
    ).toEqual([
      expect.objectContaining({ check: 'Stripe secret', fix: expect.stringContaining('roll the endpoint') }),
    ]);
  });
});
