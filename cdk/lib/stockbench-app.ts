import * as fs from 'node:fs';
import { Annotations, type App, type Environment } from 'aws-cdk-lib';
import type { RouteDef } from '../../lambdas/routes';
import { type AppConfig, isProduction } from './app-config';
import { AccessLogsStack } from './access-logs-stack';
import { BackendStack } from './backend-stack';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { ownHelperFunctionLogs } from './helper-function-logs';
import type { CodeMode } from './node-function';
import { SiteContentStack } from './site-content-stack';

// Builds the app's stacks from a config; cdk/bin/app.ts and the tests both call it.

export interface StockbenchStacks {
  /** us-east-1: the WAF web ACL, deployed before the backend. */
  edge: EdgeStack;
  backend: BackendStack;
  /** us-east-1: CloudFront's access log delivery and the edge's alarms; only when the distribution's id is known. */
  accessLogs?: AccessLogsStack;
  /** Only when the site is built (siteDir exists) and the backend's bucket and distribution are known. */
  siteContent?: SiteContentStack;
}

export const backendStackName = (envName: string): string => `Stockbench-${envName}`;
export const siteContentStackName = (envName: string): string => `Stockbench-${envName}-SiteContent`;
export const edgeStackName = (envName: string): string => `Stockbench-${envName}-Edge`;
export const accessLogsStackName = (envName: string): string => `Stockbench-${envName}-AccessLogs`;

export function addStockbenchStacks(
  app: App,
  config: AppConfig,
  options: { env?: Environment; codeMode: CodeMode; routes?: readonly RouteDef[] },
): StockbenchStacks {
  // CloudFront's web ACL and log delivery live in us-east-1 whatever the backend's region.
  const edgeEnv: Environment = { account: options.env?.account, region: EDGE_REGION };
  const edge = new EdgeStack(app, edgeStackName(config.envName), {
    env: edgeEnv,
    envName: config.envName,
    description: `Stockbench ${config.envName}: the distribution's WAF web ACL (us-east-1)`,
    terminationProtection: config.envName === 'production',
  });
  const backend = new BackendStack(app, backendStackName(config.envName), {
    env: options.env,
    config,
    codeMode: options.codeMode,
    routes: options.routes,
    description: `Stockbench ${config.envName}: data, accounts, API, distribution, alarms`,
    terminationProtection: config.envName === 'production',
  });
  if (!config.webAclArn) {
    Annotations.of(backend).addWarningV2(
      'stockbench:noWebAcl',
      `No webAclArn: the distribution has no rate limits. Deploy ${edge.stackName} first (cdk/deploy.ts does).`,
    );
  }
  const { siteBucketName, distributionId, distributionDomainName } = config;
  const accessLogs = distributionId
    ? new AccessLogsStack(app, accessLogsStackName(config.envName), {
        env: edgeEnv,
        distributionId,
        alarmEmail: config.alarmEmail,
        production: isProduction(config),
        description: `Stockbench ${config.envName}: CloudFront access logs without query strings, and the edge's alarms (us-east-1)`,
      })
    : undefined;
  if (!siteBucketName || !distributionId || !distributionDomainName || !fs.existsSync(config.siteDir)) {
    Annotations.of(backend).addInfo(
      'Site content stack left out: it needs a built site and the backend outputs (cdk/deploy.ts passes both).',
    );
    return ownedLogs({ edge, backend, accessLogs }, isProduction(config));
  }
  const siteContent = new SiteContentStack(app, siteContentStackName(config.envName), {
    env: options.env,
    siteDir: config.siteDir,
    bucketName: siteBucketName,
    distributionId,
    distributionDomainName,
    description: `Stockbench ${config.envName}: the built site's files`,
  });
  return ownedLogs({ edge, backend, accessLogs, siteContent }, isProduction(config));
}

/** Every function of every stack logs to a group its stack owns (helper-function-logs.ts). */
function ownedLogs(stacks: StockbenchStacks, production: boolean): StockbenchStacks {
  for (const stack of Object.values(stacks)) if (stack) ownHelperFunctionLogs(stack, production);
  return stacks;
}
