import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { localCspDirectives, type CspDirectives } from '../../cdk/lib/security-headers';
import { siteBuildEnv } from '../../cdk/lib/site-build-env';
import { allDeployedBackends } from '../../cdk/deployed-outputs';
import { OUTPUTS_PARAMETER_PATH } from '../../cdk/lib/outputs-parameter';
import { readStackInfo, stackInfoPath, type StackInfo } from '../../dev/stack-info';
import type { SmokeOptions } from './args';
import { deployCsp } from './headers';
import { fail, reason } from './report';

// What the smoke test runs against: the local stack (from its stack.json and demo-user.json) or a
// deployed site (from --url, and the deploy's outputs file cdk/deploy.ts writes, when it names it).

const ROOT = path.resolve(__dirname, '..', '..');
const DEFAULT_OUTPUTS_FILE = path.join(ROOT, 'cdk.out', 'backend-outputs.json');

export interface Credentials {
  email: string;
  password: string;
}

export interface Target {
  /** For the summary line. */
  label: string;
  /** The site's origin (pages and /api); null when the local stack runs without the site. */
  site: string | null;
  /** Base URL of the API, ending in /api. */
  api: string;
  https: boolean;
  /** The CSPs the site may carry; undefined: a deploy whose region is not known yet (read from its CSP). */
  csp?: CspDirectives[];
  /** Whether the deploy has analytics on, when known. */
  analyticsEnabled?: boolean;
  cognito: { region?: string; clientId?: string; endpoint?: string };
  credentials?: Credentials;
  /** Set for the local stack. */
  local?: { dir: string; info: StackInfo };
  /** Set for a deploy. */
  deploy?: { stackName?: string; outputs?: Record<string, string>; table?: string; publishableKey?: string };
  /** Lines printed before the checks (where settings came from). */
  notes: string[];
}

async function localTarget(options: SmokeOptions): Promise<Target> {
  const dir = path.resolve(options.localDir);
  const info = await readStackInfo(dir);
  if (!info) {
    return fail(
      `no local stack: ${stackInfoPath(dir)} is missing. Start it with \`npm start\` (LOCAL_DIR for another ` +
        'state directory), or check a deploy with --url',
    );
  }
  let credentials: Credentials | undefined;
  if (options.email && options.password) credentials = { email: options.email, password: options.password };
  else {
    try {
      credentials = JSON.parse(await readFile(path.join(dir, 'demo-user.json'), 'utf8')) as Credentials;
    } catch {
      credentials = undefined;
    }
  }
  const site = info.site;
  return {
    label: `local stack ${site ?? info.api}`,
    site,
    api: info.api,
    https: new URL(info.api).protocol === 'https:',
    csp: [
      localCspDirectives({
        stripeJs: info.stripeJs,
        stripeApi: info.stripeApi,
        cognito: info.cognitoEndpoint,
      }),
    ],
    cognito: { region: info.region, clientId: info.clientId, endpoint: info.cognitoEndpoint },
    credentials,
    local: { dir, info },
    notes: [`local stack from ${stackInfoPath(dir)}`],
  };
}

export type OutputsFile = Record<string, Record<string, string>>;

/**
 * The backend stack in a deploy's outputs file whose site is `url` (its site URL or its CloudFront
 * domain); with a single stack and no match, none (the file belongs to another deploy).
 */
export function stackOutputsFor(
  all: OutputsFile,
  url: string,
): { stackName: string; outputs: Record<string, string> } | undefined {
  const origin = new URL(url).origin;
  for (const [stackName, outputs] of Object.entries(all)) {
    const build = siteBuildEnv(outputs);
    const origins = [
      build.GATSBY_SITE_URL,
      outputs.SiteUrl,
      outputs.DistributionDomainName && `https://${outputs.DistributionDomainName}`,
    ]
      .filter((u): u is string => Boolean(u))
      .map((u) => {
        try {
          return new URL(u).origin;
        } catch {
          return '';
        }
      });
    if (origins.includes(origin)) return { stackName, outputs };
  }
  return undefined;
}

async function deployTarget(options: SmokeOptions & { url: string }): Promise<Target> {
  const notes: string[] = [];
  const file = path.resolve(options.outputsFile ?? DEFAULT_OUTPUTS_FILE);
  let all: OutputsFile | undefined;
  try {
    all = JSON.parse(await readFile(file, 'utf8')) as OutputsFile;
  } catch {
    if (options.outputsFile) return fail(`cannot read the outputs file ${file}`);
  }
  let match = all ? stackOutputsFor(all, options.url) : undefined;
  if (match) notes.push(`deploy outputs: ${path.relative(process.cwd(), file) || file} (${match.stackName})`);
  else if (all)
    notes.push(`${path.relative(process.cwd(), file)} names no stack serving ${options.url}: not used`);
  // From a checkout that did not deploy: the outputs each backend stack keeps in SSM, in the region.
  const sdkRegion = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!match && sdkRegion) {
    try {
      match = stackOutputsFor(await allDeployedBackends(sdkRegion), options.url);
      notes.push(
        match
          ? `deploy outputs: SSM ${OUTPUTS_PARAMETER_PATH}* in ${sdkRegion} (${match.stackName})`
          : `no stack in ${sdkRegion} (SSM ${OUTPUTS_PARAMETER_PATH}*) serves ${options.url}`,
      );
    } catch (err) {
      // Without credentials the public checks still run; the ones that need outputs say so.
      notes.push(`cannot read SSM ${OUTPUTS_PARAMETER_PATH}* in ${sdkRegion}: ${reason(err)}`);
    }
  }
  const build = match ? siteBuildEnv(match.outputs) : undefined;

  const region = options.region ?? (build?.GATSBY_COGNITO_REGION || undefined);
  const analyticsEnabled = build ? build.GATSBY_ANALYTICS_ENABLED === 'true' : undefined;
  return {
    label: options.url,
    site: options.url,
    api: `${options.url}/api`,
    https: options.url.startsWith('https:'),
    csp: region ? deployCsp(region, analyticsEnabled) : undefined,
    analyticsEnabled,
    cognito: { region, clientId: options.clientId ?? (build?.GATSBY_COGNITO_CLIENT_ID || undefined) },
    credentials:
      options.email && options.password ? { email: options.email, password: options.password } : undefined,
    deploy: {
      stackName: match?.stackName,
      outputs: match?.outputs,
      table: options.table ?? match?.outputs.TableName,
      publishableKey: build?.GATSBY_STRIPE_PUBLISHABLE_KEY || undefined,
    },
    notes,
  };
}

export function resolveTarget(options: SmokeOptions): Promise<Target> {
  return options.url ? deployTarget({ ...options, url: options.url }) : localTarget(options);
}
