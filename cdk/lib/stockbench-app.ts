import * as fs from 'node:fs';
import { Annotations, type App, type Environment } from 'aws-cdk-lib';
import type { RouteDef } from '../../lambdas/routes';
import type { AppConfig } from './app-config';
import { BackendStack } from './backend-stack';
import type { CodeMode } from './node-function';
import { SiteContentStack } from './site-content-stack';

// Builds the app's stacks from a config; cdk/bin/app.ts and the tests both call it.

export interface StockbenchStacks {
  backend: BackendStack;
  /** Only when the site is built (siteDir exists) and the backend's bucket and distribution are known. */
  siteContent?: SiteContentStack;
}

export const backendStackName = (envName: string): string => `Stockbench-${envName}`;
export const siteContentStackName = (envName: string): string => `Stockbench-${envName}-SiteContent`;

export function addStockbenchStacks(
  app: App,
  config: AppConfig,
  options: { env?: Environment; codeMode?: CodeMode; routes?: readonly RouteDef[] } = {},
): StockbenchStacks {
  const backend = new BackendStack(app, backendStackName(config.envName), {
    env: options.env,
    config,
    codeMode: options.codeMode,
    routes: options.routes,
    description: `Stockbench ${config.envName}: data, accounts, API, distribution, alarms`,
    terminationProtection: config.envName === 'production',
  });
  const { siteBucketName, distributionId, distributionDomainName } = config;
  if (!siteBucketName || !distributionId || !distributionDomainName || !fs.existsSync(config.siteDir)) {
    Annotations.of(backend).addInfo(
      'Site content stack left out: it needs a built site and the backend outputs (cdk/deploy.ts passes both).',
    );
    return { backend };
  }
  const siteContent = new SiteContentStack(app, siteContentStackName(config.envName), {
    env: options.env,
    siteDir: config.siteDir,
    bucketName: siteBucketName,
    distributionId,
    distributionDomainName,
    description: `Stockbench ${config.envName}: the built site's files`,
  });
  return { backend, siteContent };
}
