import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { siteContentContext } from '../deploy-context';
import { readAppConfig } from '../lib/app-config';
import { addStockbenchStacks, type StockbenchStacks } from '../lib/stockbench-app';
import { cdkJsonContext, tinySiteDir } from './helpers';

// The four stacks as `npm run deploy` synthesizes them (cdk.json plus the context cdk/deploy.ts adds,
// cdk/deploy-context.ts), with stub Lambda code, once per test file that asks: the templates are read
// from the cloud assembly and the output removed at once.

export type CfnResource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: string | string[];
};
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, unknown>;
}

/** What a deploy's earlier steps hand the last one (the edge stack's web ACL, the backend's outputs). */
export const DEPLOY_INPUTS = {
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/stockbench-dev/a1b2c3d4-EXAMPLE',
  outputs: {
    SiteBucketName: 'stockbench-dev-site-bucket',
    DistributionId: 'E2EXAMPLE',
    DistributionDomainName: 'd111111abcdef8.cloudfront.net',
  },
};

/** `-c key=value` pairs as a context object. */
export function contextOf(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [key, ...value] = (args[i + 1] ?? '').split('=');
    if (args[i] === '-c' && key) out[key] = value.join('=');
  }
  return out;
}

let cached: { templates: Record<string, CfnTemplate>; stacks: StockbenchStacks } | undefined;

export function deployTemplates(): { templates: Record<string, CfnTemplate>; stacks: StockbenchStacks } {
  if (cached) return cached;
  process.env.CDK_VALIDATION = 'false';
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-deploy-'));
  const siteDir = tinySiteDir();
  try {
    const context = { ...cdkJsonContext, ...contextOf(siteContentContext({ ...DEPLOY_INPUTS, siteDir })) };
    const app = new App({ outdir, context });
    const stacks = addStockbenchStacks(
      app,
      readAppConfig((key) => app.node.tryGetContext(key)),
      {
        codeMode: 'stub',
      },
    );
    const assembly = app.synth();
    const templates = Object.fromEntries(
      assembly.stacks.map((s) => [s.stackName, s.template as CfnTemplate]),
    );
    cached = { templates, stacks };
    return cached;
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(siteDir, { recursive: true, force: true });
  }
}

/** The templates of the app with cdk.json's context and `context` over it (stub Lambda code), by stack name. */
export function templatesWith(context: Record<string, unknown>): Record<string, CfnTemplate> {
  process.env.CDK_VALIDATION = 'false';
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-context-'));
  try {
    const app = new App({ outdir, context: { ...cdkJsonContext, ...context } });
    addStockbenchStacks(
      app,
      readAppConfig((key) => app.node.tryGetContext(key)),
      { codeMode: 'stub' },
    );
    return Object.fromEntries(app.synth().stacks.map((s) => [s.stackName, s.template as CfnTemplate]));
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}
