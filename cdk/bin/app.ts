import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { readAppConfig } from '../lib/app-config';
import { deployedBundles } from '../lib/handler-bundles';
import { addStockbenchStacks } from '../lib/stockbench-app';

// Entry of `cdk synth` / `cdk deploy` (cdk.json). Settings come from context: cdk.json or `-c key=value`.
// Without credentials the stacks are environment-agnostic, so synth works offline. The region is the
// `region` setting, else the CLI's CDK_DEFAULT_REGION (the AWS SDK's region; an exported value is
// overwritten by the CLI): docs/deploying.md.

async function main(): Promise<void> {
  const app = new App();
  const config = readAppConfig((key) => app.node.tryGetContext(key));
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = config.region ?? process.env.CDK_DEFAULT_REGION;
  // Every handler bundled first, in one esbuild build (or found in its cache): the functions upload
  // these files, the same ones the local stack and the tests run (cdk/lib/handler-bundles.ts).
  const bundles = await deployedBundles();
  addStockbenchStacks(
    app,
    { ...config, siteDir: path.resolve(config.siteDir) },
    { env: account && region ? { account, region } : undefined, codeMode: { bundles } },
  );
  app.synth();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
