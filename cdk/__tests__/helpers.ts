import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenNested } from './nested';
import { type AppConfig, readAppConfig } from '../lib/app-config';
import { addStockbenchStacks, type StockbenchStacks } from '../lib/stockbench-app';

// One synthesized app per test file: stub Lambda code (no bundling; cdk-synth.test.ts bundles for
// real), cdk-nag's AwsSolutions pack registered, CDK's own template validation left to the CLI test.

export const cdkJsonContext = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

export interface SynthResult extends StockbenchStacks {
  app: App;
  config: AppConfig;
  outdir: string;
  /** cdk-nag violations that were not acknowledged ("rule at construct path"). */
  nagViolations: string[];
}

interface ValidationReport {
  pluginReports?: { violations?: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[];
}

/** A tiny stand-in for Gatsby's public/. */
export function tinySiteDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-site-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>404</title>');
  fs.writeFileSync(path.join(dir, 'app-0123abcd.js'), 'console.log(1)');
  return dir;
}

export function synthesize(context: Record<string, unknown> = {}): SynthResult {
  process.env.CDK_VALIDATION = 'false';
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-cdk-'));
  const app = new App({ outdir, context: { ...cdkJsonContext, ...context } });
  const config = readAppConfig((key) => app.node.tryGetContext(key));
  const stacks = addStockbenchStacks(app, config, { codeMode: 'stub' });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let nagViolations: string[] = [];
  try {
    app.synth();
  } catch {
    const report = JSON.parse(
      fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'),
    ) as ValidationReport;
    nagViolations = (report.pluginReports ?? []).flatMap((plugin) =>
      (plugin.violations ?? []).flatMap((v) =>
        v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`),
      ),
    );
    if (nagViolations.length === 0) throw new Error('synth failed without a validation report');
  }
  return { ...stacks, app, config, outdir, nagViolations };
}

/** Resources of one type as [logicalId, resource] pairs. */
export type CfnResource = { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown };
export function resourcesOfType(template: { Resources?: Record<string, CfnResource> }, type: string) {
  return Object.entries(template.Resources ?? {}).filter(([, r]) => r.Type === type);
}

/**
 * The synthesized template of a stack, read from the cloud assembly (no second synth), with its
 * nested stacks (the endpoints') folded in (./nested.ts).
 */
export function templateOf(result: SynthResult, stack: { templateFile: string }): Template {
  const template = JSON.parse(fs.readFileSync(path.join(result.outdir, stack.templateFile), 'utf8')) as {
    Resources: Record<string, CfnResource>;
  };
  return Template.fromJSON(flattenNested(template, result.outdir));
}

export function removeOutput(result: SynthResult | undefined): void {
  if (result) fs.rmSync(result.outdir, { recursive: true, force: true });
}
