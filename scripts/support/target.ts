import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteBuildEnv } from '../../cdk/lib/site-build-env';
import { handlerEnv } from '../../dev/local-stack';
import { readStackInfo, stackInfoPath } from '../../dev/stack-info';
import { allDeployedBackends } from '../../cdk/deployed-outputs';
import { stackOutputsFor, type OutputsFile } from '../smoke/target';
import type { SupportOptions } from './args';

// Where the support tool works: the local stack (the environment its handlers get, with the stack's
// admin keys, which its IAM gate lets through) or a deployment (its table, user pool and Stripe secret,
// from the deploy's outputs file or the options, and the operator's own AWS credentials). The tool then
// uses the product's own adapters (lambdas/lib), which read these settings from the environment.

const DEFAULT_OUTPUTS_FILE = path.join(__dirname, '..', '..', 'cdk.out', 'backend-outputs.json');

export interface SupportTarget {
  label: string;
  /** The environment the product's adapters read (set before any of them is used). */
  env: Record<string, string>;
  /** The local outbox's address: the mails sent to an address can be listed there. */
  outbox?: string;
}

export async function resolveSupportTarget(options: SupportOptions): Promise<SupportTarget> {
  if (!options.url) {
    const dir = path.resolve(options.localDir);
    const info = await readStackInfo(dir);
    if (!info) {
      throw new Error(
        `no local stack: ${stackInfoPath(dir)} is missing. Start it with \`npm start\`, or name a deployment with --url`,
      );
    }
    return {
      label: `local stack (${stackInfoPath(dir)})`,
      env: {
        ...handlerEnv(info),
        AWS_ACCESS_KEY_ID: info.adminCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: info.adminCredentials.secretAccessKey,
      },
      outbox: info.outbox,
    };
  }
  let outputs: Record<string, string> = {};
  try {
    const all = JSON.parse(
      await readFile(path.resolve(options.outputsFile ?? DEFAULT_OUTPUTS_FILE), 'utf8'),
    ) as OutputsFile;
    outputs = stackOutputsFor(all, options.url)?.outputs ?? {};
  } catch {
    if (options.outputsFile) throw new Error(`cannot read the outputs file ${options.outputsFile}`);
  }
  // From a checkout that did not deploy: the outputs each backend stack keeps in SSM, in the region.
  const sdkRegion = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!outputs.UserPoolId && sdkRegion) {
    outputs = stackOutputsFor(await allDeployedBackends(sdkRegion), options.url)?.outputs ?? {};
  }
  const setting = (value: string | undefined, name: string, flag: string): string => {
    if (!value) throw new Error(`the deployment's ${name} is not known: pass ${flag}`);
    return value;
  };
  const region = setting(
    options.region ?? (siteBuildEnv(outputs).GATSBY_COGNITO_REGION || process.env.AWS_REGION),
    'region',
    '--region',
  );
  return {
    label: options.url,
    env: {
      AWS_REGION: region,
      TABLE_NAME: setting(options.table ?? outputs.TableName, 'table', '--table'),
      COGNITO_USER_POOL_ID: setting(options.userPool ?? outputs.UserPoolId, 'user pool', '--user-pool'),
      STRIPE_SECRET_ARN: setting(
        options.stripeSecret ?? outputs.StripeSecretArn,
        'Stripe secret',
        '--stripe-secret',
      ),
      SITE_URL: options.url,
    },
  };
}
