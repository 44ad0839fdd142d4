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
import { PLACEHOLDER } from './lib/secrets';
import { siteBuildEnv } from './lib/site-build-env';
import {
  accessLogsStackName,
  backendStackName,
  edgeStackName,
  siteContentStackName,
} from './lib/stockbench-app';
import { externalizeInlineScripts } from './site/externalize-inline-scripts';

// `npm run deploy [-- -c key=value ...]`: the one deploy command.
// 1. deploy the edge stack in us-east-1 (the WAF web ACL CloudFront uses) and read its ARN;
// 2. deploy the backend stack with that ARN and read its outputs;
// 3. give the license signing key a fresh Ed25519 key if it still holds the placeholder;
// 4. build the site with the outputs as GATSBY_* variables, move inline scripts out for the CSP;
// 5. deploy the site content stack, which uploads public/ and invalidates the distribution, and the
//    access logs stack in us-east-1 (CloudFront's log delivery needs the distribution's id).
// Context (-c) arguments go to both cdk calls, so `-c env=production -c domainName=...` works as with cdk.

const ROOT = path.resolve(__dirname, '..');
const SITE_DIR = path.join(ROOT, 'public');
const OUTPUTS_FILE = path.join(ROOT, 'cdk.out', 'backend-outputs.json');
const EDGE_OUTPUTS_FILE = path.join(ROOT, 'cdk.out', 'edge-outputs.json');

const contextArgs = process.argv.slice(2);
const envName = contextValue('env') ?? readCdkJsonContext('env') ?? 'dev';
const toolEnv = { ...process.env, CDK_DISABLE_VERSION_CHECK: 'true', GATSBY_TELEMETRY_DISABLED: '1' };

function contextValue(key: string): string | undefined {
  for (let i = 0; i < contextArgs.length; i += 1) {
    const arg = contextArgs[i] ?? '';
    const pair = arg === '-c' || arg === '--context' ? contextArgs[i + 1] : arg.replace(/^--context=/, '');
    if (pair?.startsWith(`${key}=`)) return pair.slice(key.length + 1);
  }
  return undefined;
}

function readCdkJsonContext(key: string): string | undefined {
  const json = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const value = json.context?.[key];
  return typeof value === 'string' ? value : undefined;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = toolEnv): void {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
}

async function ensureSigningKey(secretArn: string): Promise<void> {
  const client = new SecretsManagerClient({});
  const current = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  const parsed = JSON.parse(current.SecretString ?? '{}') as { privateKeyPem?: string };
  if (parsed.privateKeyPem && parsed.privateKeyPem !== PLACEHOLDER) return;
  const { privateKey } = generateKeyPairSync('ed25519');
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await client.send(
    new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify({ privateKeyPem }) }),
  );
  console.log('Generated the license signing key (Ed25519) in Secrets Manager.');
}

async function warnIfStripeUnset(secretArn: string): Promise<void> {
  const client = new SecretsManagerClient({});
  const current = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if ((current.SecretString ?? '').includes(PLACEHOLDER)) {
    console.warn(
      `\nThe Stripe secret still holds placeholders: set it (docs/deploying.md, "Stripe secrets and webhook") at ${secretArn}`,
    );
  }
}

async function main(): Promise<void> {
  const backend = backendStackName(envName);
  const siteContent = siteContentStackName(envName);
  const edge = edgeStackName(envName);

  run('npx', [
    'cdk',
    'deploy',
    edge,
    '--exclusively',
    '--require-approval',
    'never',
    '--outputs-file',
    EDGE_OUTPUTS_FILE,
    ...contextArgs,
  ]);
  const edgeOutputs = (
    JSON.parse(fs.readFileSync(EDGE_OUTPUTS_FILE, 'utf8')) as Record<string, Record<string, string>>
  )[edge];
  const webAclArn = edgeOutputs?.WebAclArn;
  if (!webAclArn) throw new Error(`Edge output WebAclArn is missing in ${EDGE_OUTPUTS_FILE}`);

  run('npx', [
    'cdk',
    'deploy',
    backend,
    '--exclusively',
    '--require-approval',
    'never',
    '--outputs-file',
    OUTPUTS_FILE,
    ...contextArgs,
    ...backendContext(webAclArn),
  ]);
  const all = JSON.parse(fs.readFileSync(OUTPUTS_FILE, 'utf8')) as Record<string, Record<string, string>>;
  const outputs = all[backend];
  if (!outputs) throw new Error(`No outputs for ${backend} in ${OUTPUTS_FILE}`);
  const need = (key: string): string => {
    const value = outputs[key];
    if (!value) throw new Error(`Backend output ${key} is missing`);
    return value;
  };

  await ensureSigningKey(need('LicenseSigningKeySecretArn'));
  await warnIfStripeUnset(need('StripeSecretArn'));

  // Clean first: a page removed from the site must not be uploaded again from an old build.
  run('npx', ['gatsby', 'clean']);
  run('npx', ['gatsby', 'build'], { ...toolEnv, ...siteBuildEnv(outputs) });
  const moved = externalizeInlineScripts(SITE_DIR);
  console.log(
    `Moved ${moved.scripts} inline scripts out of ${moved.pages} pages (CSP without 'unsafe-inline').`,
  );

  run('npx', [
    'cdk',
    'deploy',
    siteContent,
    accessLogsStackName(envName),
    '--exclusively',
    '--require-approval',
    'never',
    ...contextArgs,
    ...siteContentContext({ webAclArn, siteDir: SITE_DIR, outputs }),
  ]);

  console.log(`\nDeployed ${envName}: ${need('SiteUrl')}`);
  console.log(`Stripe webhook endpoint: ${need('StripeWebhookUrl')}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
