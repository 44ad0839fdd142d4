import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { backendContext, siteContentContext } from './deploy-context';
import { readAppConfig } from './lib/app-config';
import { PLACEHOLDER } from './lib/secrets';
import { siteBuildEnv } from './lib/site-build-env';
import {
  accessLogsStackName,
  backendStackName,
  edgeStackName,
  siteContentStackName,
} from './lib/stockbench-app';
import { describeFindings, PreflightFailed } from './preflight/findings';
import { afterBackend, beforeDeploy } from './preflight/run';
import { servingSite } from './preflight/site-origin';
import { externalizeInlineScripts } from './site/externalize-inline-scripts';

// `npm run deploy [-- -c key=value ...]`: the one deploy command (docs/deploying.md).
// 0. check what a deploy needs before creating anything (cdk/preflight/): the region, credentials, CDK's
//    bootstrap in both regions, SES, the trail the security mails need, the Stripe key and price;
// 1. deploy the edge stack in us-east-1 (the WAF web ACL CloudFront uses) and read its ARN;
// 2. deploy the backend stack with that ARN and read its outputs;
// 3. give the license signing key a fresh Ed25519 key if it still holds the placeholder; find or create
//    Stripe's webhook endpoint for the API and store the Stripe key and signing secret;
// 4. build the site with the outputs as GATSBY_* variables, move inline scripts out for the CSP;
// 5. deploy the site content stack, which uploads public/ and invalidates the distribution, and the
//    access logs stack in us-east-1 (CloudFront's log delivery and the edge alarms need the distribution);
// 6. run `npm run smoke` against the deployed site.
// Context (-c) arguments go to every cdk call, so `-c env=production -c domainName=...` works as with cdk.

const ROOT = path.resolve(__dirname, '..');
const SITE_DIR = path.join(ROOT, 'public');
const OUTPUTS_FILE = path.join(ROOT, 'cdk.out', 'backend-outputs.json');
const EDGE_OUTPUTS_FILE = path.join(ROOT, 'cdk.out', 'edge-outputs.json');

const contextArgs = process.argv.slice(2);

function contextValue(key: string): string | undefined {
  for (let i = 0; i < contextArgs.length; i += 1) {
    const arg = contextArgs[i] ?? '';
    const pair = arg === '-c' || arg === '--context' ? contextArgs[i + 1] : arg.replace(/^--context=/, '');
    if (pair?.startsWith(`${key}=`)) return pair.slice(key.length + 1);
  }
  return undefined;
}

const cdkJson = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> }
).context;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
}

function readOutputs(file: string, stack: string): Record<string, string> | undefined {
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string>>)[stack];
  } catch {
    return undefined;
  }
}

async function ensureSigningKey(region: string, secretArn: string): Promise<void> {
  const client = new SecretsManagerClient({ region });
  try {
    const current = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    const parsed = JSON.parse(current.SecretString ?? '{}') as { privateKeyPem?: string };
    if (parsed.privateKeyPem && parsed.privateKeyPem !== PLACEHOLDER) return;
    const { privateKey } = generateKeyPairSync('ed25519');
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await client.send(
      new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify({ privateKeyPem }) }),
    );
    console.log('Generated the license signing key (Ed25519) in Secrets Manager.');
  } finally {
    client.destroy();
  }
}

async function main(): Promise<void> {
  // The settings as the CDK app reads them: -c arguments over cdk.json.
  const config = readAppConfig((key) => contextValue(key) ?? cdkJson?.[key]);
  const envName = config.envName;
  const backend = backendStackName(envName);
  const edge = edgeStackName(envName);

  console.log('Checking what the deploy needs before creating anything:');
  const ready = await beforeDeploy(config, {
    stripeKeyFromEnv: process.env.STRIPE_SECRET_KEY?.trim() || undefined,
    storedStripeSecretArn: readOutputs(OUTPUTS_FILE, backend)?.StripeSecretArn,
  });
  console.log(describeFindings(ready.findings));
  // The CLI deploys where the SDK's region points: the region checked above, whatever else is exported.
  const toolEnv: NodeJS.ProcessEnv = {
    ...process.env,
    AWS_REGION: ready.region,
    CDK_DISABLE_VERSION_CHECK: 'true',
    GATSBY_TELEMETRY_DISABLED: '1',
  };
  const deploy = (stacks: string[], extra: string[]) =>
    run(
      'npx',
      ['cdk', 'deploy', ...stacks, '--exclusively', '--require-approval', 'never', ...contextArgs, ...extra],
      toolEnv,
    );

  deploy([edge], ['--outputs-file', EDGE_OUTPUTS_FILE]);
  const webAclArn = readOutputs(EDGE_OUTPUTS_FILE, edge)?.WebAclArn;
  if (!webAclArn) throw new Error(`Edge output WebAclArn is missing in ${EDGE_OUTPUTS_FILE}`);

  deploy([backend], ['--outputs-file', OUTPUTS_FILE, ...backendContext(webAclArn)]);
  const outputs = readOutputs(OUTPUTS_FILE, backend);
  if (!outputs) throw new Error(`No outputs for ${backend} in ${OUTPUTS_FILE}`);
  const need = (key: string): string => {
    const value = outputs[key];
    if (!value) throw new Error(`Backend output ${key} is missing`);
    return value;
  };

  await ensureSigningKey(ready.region, need('LicenseSigningKeySecretArn'));
  // A first deploy with domainName: the custom domain has no DNS record yet (it can only point at the
  // distribution once that exists), so the webhook and the smoke test use the distribution's domain.
  const site = await servingSite({
    SiteUrl: need('SiteUrl'),
    DistributionDomainName: need('DistributionDomainName'),
  });
  if (site.note) console.log(`\nNOTE ${site.note}`);
  const stripeFindings = await afterBackend(
    ready,
    {
      StripeWebhookUrl: `${site.url}/api/stripe-webhook`,
      StripeSecretArn: need('StripeSecretArn'),
      formerWebhookUrl: `https://${need('DistributionDomainName')}/api/stripe-webhook`,
    },
    envName,
  );
  console.log(describeFindings(stripeFindings));

  // Clean first: a page removed from the site must not be uploaded again from an old build.
  run('npx', ['gatsby', 'clean'], toolEnv);
  run('npx', ['gatsby', 'build'], { ...toolEnv, ...siteBuildEnv(outputs) });
  const moved = externalizeInlineScripts(SITE_DIR);
  console.log(
    `Moved ${moved.scripts} inline scripts out of ${moved.pages} pages (CSP without 'unsafe-inline').`,
  );

  deploy(
    [siteContentStackName(envName), accessLogsStackName(envName)],
    siteContentContext({ webAclArn, siteDir: SITE_DIR, outputs }),
  );

  console.log(
    `\nDeployed ${envName}: ${need('SiteUrl')}. Now the smoke test (npm run smoke) at ${site.url}:`,
  );
  run('npx', ['tsx', 'scripts/smoke.ts', '--url', site.url, '--outputs', OUTPUTS_FILE], toolEnv);
  if (site.note) console.log(`\nNOTE ${site.note}`);
}

main().catch((err: unknown) => {
  if (err instanceof PreflightFailed) console.error(`\n${err.message}`);
  else console.error(err instanceof Error ? err.message : err);
  console.error('\nWhat to do when the deploy stops: docs/deploying.md, "When it fails".');
  process.exit(1);
});
