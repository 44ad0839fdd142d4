import { randomBytes } from 'node:crypto';
import { GetDistributionCommand, CloudFrontClient } from '@aws-sdk/client-cloudfront';
import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { deployedOutputs } from '../../cdk/deployed-outputs';
import { STRIPE_JS_CSP } from '../../cdk/lib/csp';
import { EDGE_REGION } from '../../cdk/lib/edge-stack';
import { localCspDirectives } from '../../cdk/lib/security-headers';
import { siteBuildEnv } from '../../cdk/lib/site-build-env';
import { handlerEnv, localHandlerCredentials, readLocalSecrets } from '../../dev/local-stack';
import { runJob } from '../../dev/run-job';
import { parseCsp } from './headers';
import { apiError, describeBody, objectOf, request } from './http';
import { fail, reason, type Report } from './report';
import type { Target } from './target';

// What a broken first deploy gets wrong and the other checks cannot see: a sign-up through Cognito's
// triggers, the webhook secret (a signed test-mode event accepted), the scheduled sync, the web ACL on the
// distribution, and Stripe.js's origins in the CSP. Each removes what it made: the throwaway user is
// deleted; the event is of a type the webhook records nothing for; the sync changes only what it should.

const SYNC_JOB = 'sync-subscriptions';

/** `name+tag@domain` for an address: mail to it reaches `name@domain`'s mailbox. */
function plusAlias(address: string, tag: string): string {
  const [local, domain] = address.split('@');
  return `${(local ?? '').split('+')[0]}+${tag}@${domain ?? ''}`;
}

const cognitoClient = (target: Target) =>
  new CognitoIdentityProviderClient({
    region: target.cognito.region,
    endpoint: target.cognito.endpoint,
    maxAttempts: 2,
    // Locally the stack's admin keys stand for the deploying engineer's: the deletion is an admin
    // operation, which the local Cognito endpoint checks against IAM as AWS does.
    ...(target.local ? { credentials: target.local.info.adminCredentials } : {}),
  });

/** A sign-up as a new user runs the PreSignUp and CustomMessage triggers; the user is deleted after. */
export async function checkThrowawaySignUp(target: Target, report: Report): Promise<void> {
  const userPoolId = target.local?.info.userPoolId ?? target.deploy?.outputs?.UserPoolId;
  const support = target.deploy?.outputs && siteBuildEnv(target.deploy.outputs).GATSBY_SUPPORT_EMAIL;
  const mailbox = target.credentials?.email ?? (support || undefined);
  const email = mailbox && plusAlias(mailbox, `smoke-signup-${randomBytes(4).toString('hex')}`);
  await report.check('a throwaway sign-up runs the Cognito triggers, and is deleted', async () => {
    const { clientId, region } = target.cognito;
    if (!clientId || !region || !userPoolId)
      return fail('the user pool or app client is unknown (outputs file)');
    if (!email) return fail('no mailbox for its verification mail: pass --email');
    const client = cognitoClient(target);
    let created = false;
    try {
      const answer = await client
        .send(
          new SignUpCommand({
            ClientId: clientId,
            Username: email,
            Password: `Smoke-${randomBytes(12).toString('base64url')}`,
          }),
        )
        .catch((err: unknown) =>
          fail(`SignUp failed: ${reason(err)} (a trigger's failure reads "... failed with error")`),
        );
      created = true;
      if (answer.UserConfirmed) return fail('the user was confirmed without proving the address');
      const sent = answer.CodeDeliveryDetails?.DeliveryMedium;
      if (sent !== 'EMAIL') return fail(`no verification mail was sent (delivery ${sent ?? 'none'})`);
      return `${email}: PreSignUp accepted it, the verification mail went out (CustomMessage)`;
    } finally {
      if (created) {
        await client
          .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }))
          .catch((err: unknown) => report.fail('delete the throwaway user', `${email}: ${reason(err)}`));
      }
      client.destroy();
    }
  });
}

/** The webhook signing secret the deploy's handlers read (the Stripe secret), or the local stack's. */
async function webhookSecret(target: Target): Promise<string> {
  if (target.local) return (await readLocalSecrets(target.local.dir)).stripeWebhookSecret;
  const arn = target.deploy?.outputs?.StripeSecretArn;
  if (!arn || !target.cognito.region)
    return fail('the Stripe secret is unknown (StripeSecretArn in the outputs file)');
  const client = new SecretsManagerClient({ region: target.cognito.region });
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const secret = (JSON.parse(SecretString ?? '{}') as { webhookSecret?: string }).webhookSecret;
    return secret ?? fail(`${arn} holds no webhookSecret`);
  } finally {
    client.destroy();
  }
}

/** A signed test-mode event is accepted: the webhook secret Stripe signs with is the one the API reads. */
export async function checkSignedWebhook(target: Target, report: Report): Promise<void> {
  await report.check('POST /api/stripe-webhook signed with the stored secret answers 200', async () => {
    const id = randomBytes(12).toString('hex');
    // A type the webhook acknowledges without recording or changing anything.
    const payload = JSON.stringify({
      id: `evt_smoke${id}`,
      object: 'event',
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.created',
      data: { object: { id: `cus_smoke${id}`, object: 'customer' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await webhookSecret(target),
    });
    const answer = await request(`${target.api}/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    if (answer.status !== 200) {
      const { code } = apiError(answer);
      const hint =
        code === 'INVALID_SIGNATURE'
          ? ': the webhook secret the API reads is not the endpoint\'s (docs/deploying.md, "When it fails")'
          : '';
      return fail(`answered ${answer.status} ${code ?? describeBody(answer)}${hint}`);
    }
    if (objectOf(answer, 'the webhook').received !== true) return fail(`answered ${describeBody(answer)}`);
    return '200, received';
  });
}

/** The scheduled sync runs once without failing (Lambda Invoke; locally, as EventBridge runs it). */
export async function checkSyncJob(target: Target, report: Report): Promise<void> {
  await report.check(`the scheduled ${SYNC_JOB} runs once`, async () => {
    let result: unknown;
    if (target.local) {
      const secrets = await readLocalSecrets(target.local.dir);
      result = await runJob(
        SYNC_JOB,
        handlerEnv(target.local.info),
        localHandlerCredentials(secrets)(SYNC_JOB),
        () => undefined,
      );
    } else {
      const name = target.deploy?.outputs?.SyncJobFunctionName;
      if (!name || !target.cognito.region)
        return fail('the function is unknown (SyncJobFunctionName in the outputs file)');
      const client = new LambdaClient({ region: target.cognito.region });
      try {
        const out = await client.send(
          new InvokeCommand({
            FunctionName: name,
            Payload: Buffer.from(
              JSON.stringify({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} }),
            ),
          }),
        );
        const text = Buffer.from(out.Payload ?? new Uint8Array()).toString('utf8');
        if (out.FunctionError) return fail(`${out.FunctionError}: ${text.slice(0, 300)}`);
        result = JSON.parse(text || 'null') as unknown;
      } finally {
        client.destroy();
      }
    }
    const summary = result as { stale?: number; synced?: number; failed?: number } | null;
    if (typeof summary?.stale !== 'number') return fail(`answered ${JSON.stringify(result)}`);
    return `${summary.stale} stale, ${summary.synced ?? 0} synced, ${summary.failed ?? 0} failed`;
  });
}

/** A deploy's distribution carries the edge stack's web ACL (the rate limits). */
export async function checkWebAclAttached(target: Target, report: Report): Promise<void> {
  const distributionId = target.deploy?.outputs?.DistributionId;
  if (!distributionId) return;
  await report.check('the web ACL (rate limits) is attached to the distribution', async () => {
    // The edge stack's web ACL, from the outputs it keeps in SSM in us-east-1 (any checkout).
    const envName = target.deploy?.stackName?.replace(/^Stockbench-/, '');
    const expected = envName ? (await deployedOutputs(EDGE_REGION, envName, 'edge'))?.WebAclArn : undefined;
    const client = new CloudFrontClient({ region: 'us-east-1' });
    try {
      const { Distribution } = await client.send(new GetDistributionCommand({ Id: distributionId }));
      const attached = Distribution?.DistributionConfig?.WebACLId ?? '';
      if (!attached)
        return fail(`${distributionId} has no web ACL: deploy with npm run deploy (it passes webAclArn)`);
      if (expected && attached !== expected)
        return fail(`${distributionId} carries ${attached}, not ${expected}`);
      if (!attached.startsWith('arn:aws:wafv2:'))
        return fail(`${distributionId} carries ${attached}, not a WAFv2 web ACL`);
      return attached;
    } finally {
      client.destroy();
    }
  });
}

/** Every origin Stripe's published list names for Stripe.js is in the checkout page's CSP. */
export async function checkStripeCsp(target: Target, report: Report): Promise<void> {
  await report.check(
    "the checkout page's CSP allows Stripe.js's origins (Stripe's published list)",
    async () => {
      if (!target.site) return fail('the local stack runs without the site (npm start -- --no-site)');
      const answer = await request(`${target.site}/checkout/`);
      const csp = parseCsp(answer.headers.get('content-security-policy') ?? '');
      const required: Readonly<Record<string, readonly string[]>> = target.local
        ? localCspDirectives({
            stripeJs: target.local.info.stripeJs,
            stripeApi: target.local.info.stripeApi,
            cognito: target.local.info.cognitoEndpoint,
          })
        : STRIPE_JS_CSP;
      const missing = Object.keys(STRIPE_JS_CSP).flatMap((directive) =>
        (required[directive] ?? [])
          .filter((source) => !source.startsWith("'") && !(csp[directive] ?? []).includes(source))
          .map((source) => `${directive} ${source}`),
      );
      if (missing.length) return fail(`missing ${missing.join(', ')}`);
      return Object.keys(STRIPE_JS_CSP).join(', ');
    },
  );
}
