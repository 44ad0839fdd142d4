import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { readAppConfig } from '../lib/app-config';
import { addStockbenchStacks } from '../lib/stockbench-app';

// Entry of `cdk synth` / `cdk deploy` (cdk.json). Settings come from context: cdk.json or `-c key=value`.
// Without credentials the stacks are environment-agnostic, so synth works offline. The region is the
// `region` setting, else the CLI's CDK_DEFAULT_REGION (the AWS SDK's region; an exported value is
// overwritten by the CLI): docs/deploying.md.

const app = new App();
const config = readAppConfig((key) => app.node.tryGetContext(key));
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = config.region ?? process.env.CDK_DEFAULT_REGION;
addStockbenchStacks(
  app,
  { ...config, siteDir: path.resolve(config.siteDir) },
  { env: account && region ? { account, region } : undefined },
);
app.synth();
