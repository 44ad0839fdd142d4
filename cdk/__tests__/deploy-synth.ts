import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { RouteDef } from '../../lambdas/routes';
import { siteContentContext } from '../deploy-context';
import { readAppConfig } from '../lib/app-config';
import { addStockbenchStacks, type StockbenchStacks } from '../lib/stockbench-app';
import { cdkJsonContext, tinySiteDir } from './helpers';
import { flattenNested, nestedTemplates } from './nested';

// The four stacks as `npm run deploy` synthesizes them (cdk.json plus the context cdk/deploy.ts adds,
// cdk/deploy-context.ts), with stub Lambda code, once per test file that asks: the templates are read
// from the cloud assembly and the output removed at once. Each stack's nested stacks are folded into
// it (./nested.ts); `nested` keeps them apart, by template file, for tests of the stacks' sizes.

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

interface DeployTemplates {
  templates: Record<string, CfnTemplate>;
  /** Each stack as CloudFormation gets it, nested stacks apart: by stack name or nested template file. */
  separate: Record<string, CfnTemplate>;
  stacks: StockbenchStacks;
}

let cached: DeployTemplates | undefined;

/** Every template of an assembly (nested stacks included), each on its own, by stack name or file. */
function separateTemplates(stacks: { stackName: string; template: unknown }[], dir: string) {
  const out: Record<string, CfnTemplate> = {};
  for (const s of stacks) {
    out[s.stackName] = s.template as CfnTemplate;
    for (const n of nestedTemplates(s.template as CfnTemplate, dir)) out[n.file] = n.template as CfnTemplate;
  }
  return out;
}

/** The deploy's templates, once per test file. */
export function deployTemplates(): DeployTemplates {
  cached ??= synthAsDeployed();
  return cached;
}

/**
 * The deploy's templates synthesized afresh, with another route table or more context: what the deploy
 * would create if lambdas/routes.ts were `routes`.
 */
export function synthAsDeployed(
  options: { routes?: readonly RouteDef[]; context?: Record<string, unknown> } = {},
): DeployTemplates {
  process.env.CDK_VALIDATION = 'false';
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-deploy-'));
  const siteDir = tinySiteDir();
  try {
    const context = {
      ...cdkJsonContext,
      ...contextOf(siteContentContext({ ...DEPLOY_INPUTS, siteDir })),
      ...options.context,
    };
    const app = new App({ outdir, context });
    const stacks = addStockbenchStacks(
      app,
      readAppConfig((key) => app.node.tryGetContext(key)),
      { codeMode: 'stub', routes: options.routes },
    );
    const assembly = app.synth();
    const templates = Object.fromEntries(
      assembly.stacks.map((s) => [s.stackName, flattenNested(s.template as CfnTemplate, outdir)]),
    );
    return { templates, separate: separateTemplates(assembly.stacks, outdir), stacks };
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
    return Object.fromEntries(
      app.synth().stacks.map((s) => [s.stackName, flattenNested(s.template as CfnTemplate, outdir)]),
    );
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}
