import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { routes } from '../../lambdas/routes';
import { siteContentContext } from '../deploy-context';
import { schedules } from '../../lambdas/schedules';
import { TRIGGER_PERMISSIONS } from '../lib/handler-permissions';
import { tinySiteDir } from './helpers';
import { flattenNested } from './nested';

// `cdk synth` through the real CLI, offline, with every handler's real bundle (cdk/lib/handler-bundles.ts;
// the other tests use stub code), with the context `npm run deploy` passes (cdk/deploy-context.ts), and
// with CDK's built-in CloudFormation validation (AWS's own validator, `@aws/cloudformation-validate`),
// whose findings cdk.json makes errors. This is the one slow test.

/** What a deploy's earlier steps give the last one: the edge stack's web ACL and the backend's outputs. */
const DEPLOY_OUTPUTS = {
  SiteBucketName: 'stockbench-dev-site-bucket',
  DistributionId: 'E2EXAMPLE',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
};
const WEB_ACL_ARN =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/stockbench-dev/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

const ROOT = path.resolve(__dirname, '..', '..');
let outdir: string;
let siteDir: string;
let run: ReturnType<typeof spawnSync>;

interface Template {
  Resources: Record<
    string,
    { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> }
  >;
}

/** The shell's environment without credentials or a region (the app must not need either). */
function synthEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CDK_DISABLE_VERSION_CHECK: 'true',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
    AWS_REGION: '',
    AWS_DEFAULT_REGION: '',
    CDK_DEFAULT_ACCOUNT: '',
    CDK_DEFAULT_REGION: '',
  };
  // Unset, not empty: the CLI reads CDK_VALIDATION as its --validation flag, and '' turns validation off.
  delete env.CDK_VALIDATION;
  return env;
}

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockbench-synth-'));
  siteDir = tinySiteDir();
  run = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'cdk'),
    [
      'synth',
      '--quiet',
      '--output',
      outdir,
      ...siteContentContext({ webAclArn: WEB_ACL_ARN, siteDir, outputs: DEPLOY_OUTPUTS }),
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: synthEnv(),
    },
  );
  // No time limit of its own: the CLI either finishes or fails; a busy machine only makes it slower.
}, 600_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(siteDir, { recursive: true, force: true });
});

it('exits 0 and writes every stack: the backend, the site content, and the edge and access logs stacks', () => {
  expect({ status: run.status, stderr: run.status === 0 ? '' : String(run.stderr).slice(-3000) }).toEqual({
    status: 0,
    stderr: '',
  });
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev.template.json'))).toBe(true);
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev-SiteContent.template.json'))).toBe(true);
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev-Edge.template.json'))).toBe(true);
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev-AccessLogs.template.json'))).toBe(true);
});

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: {
      ruleName: string;
      description: string;
      violatingConstructs: { constructPath: string }[];
    }[];
  }[];
}

it("writes a validation report in which AWS's validator finds nothing", () => {
  // A finding fails the synth itself (cdk.json: validateAgainstDefaultRules); the report says which. A
  // finding that is wrong for us is acknowledged where its construct is (Validations.of(...).acknowledge).
  const report = JSON.parse(
    fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'),
  ) as ValidationReport;
  const findings = report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((v) =>
      v.violatingConstructs.map(
        (c) => `${plugin.pluginName} ${v.ruleName} at ${c.constructPath}: ${v.description}`,
      ),
    ),
  );
  // The report exists only when the validator ran; a report without plugin reports found nothing.
  expect(findings).toEqual([]);
});

/** The backend's template with its endpoints' nested stacks folded in (./nested.ts). */
const readTemplate = (): Template =>
  flattenNested(
    JSON.parse(fs.readFileSync(path.join(outdir, 'Stockbench-dev.template.json'), 'utf8')) as Template,
    outdir,
  );

/** A BFF function's bundle as CDK staged it: the code and the source files the source map lists. */
function bundleOf(fn: Template['Resources'][string]): { code: string; sources: string[] } {
  const assetDir = path.join(outdir, fn.Metadata?.['aws:asset:path'] ?? 'missing');
  const map = JSON.parse(fs.readFileSync(path.join(assetDir, 'index.js.map'), 'utf8')) as {
    sources: string[];
  };
  return { code: fs.readFileSync(path.join(assetDir, 'index.js'), 'utf8'), sources: map.sources };
}

// The AWS service each SDK package calls, by IAM prefix.
const SDK_SERVICES: Record<string, string> = {
  'client-dynamodb': 'dynamodb',
  'lib-dynamodb': 'dynamodb',
  'client-cognito-identity-provider': 'cognito-idp',
  'client-sesv2': 'ses',
  'client-secrets-manager': 'secretsmanager',
};

/** The AWS services a bundle can call: SDK clients bundled in it or required from the runtime. */
function servicesCalledBy(bundle: { code: string; sources: string[] }): string[] {
  const packages = new Set<string>();
  for (const source of bundle.sources) {
    // Relative to the map: ../../../../@aws-sdk/<package>/... from the bundle cache inside node_modules.
    const pkg = /(?:^|\/)@aws-sdk\/([^/]+)\//.exec(source)?.[1];
    if (pkg) packages.add(pkg);
  }
  for (const m of bundle.code.matchAll(/require\("@aws-sdk\/([^"/]+)"\)/g)) packages.add(m[1] ?? '');
  return [...new Set([...packages].flatMap((p) => SDK_SERVICES[p] ?? []))].sort();
}

const usesModule = (bundle: { sources: string[] }, file: string): boolean =>
  bundle.sources.some((s) => s.endsWith(file));

const bffFunctions = () =>
  Object.values(readTemplate().Resources).filter(
    (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).startsWith('BFF handler '),
  );

it('bundles every function minified, with a source map', () => {
  // The product's functions, not CDK's own provider that empties a non-production stack's buckets
  // (autoDeleteObjects, cdk/lib/bucket-removal.ts).
  const fns = Object.values(readTemplate().Resources).filter(
    (r) =>
      r.Type === 'AWS::Lambda::Function' &&
      !String(r.Metadata?.['aws:cdk:path']).includes('Custom::S3AutoDeleteObjectsCustomResourceProvider'),
  );
  // Plus the Cognito triggers and the security-events function (TRIGGER_PERMISSIONS) and the jobs.
  expect(fns).toHaveLength(
    new Set(routes.map((r) => r.handler)).size + Object.keys(TRIGGER_PERMISSIONS).length + schedules.length,
  );
  for (const fn of fns) {
    const assetDir = path.join(outdir, fn.Metadata?.['aws:asset:path'] ?? 'missing');
    const map = JSON.parse(fs.readFileSync(path.join(assetDir, 'index.js.map'), 'utf8')) as {
      names: string[];
    };
    // esbuild records renamed identifiers in the map's names only when it minifies.
    expect(map.names.length).toBeGreaterThan(0);
  }
});

it('grants each handler exactly the AWS services its bundle calls, and each secret only to its reader', () => {
  const template = readTemplate();
  const handlersSeen: string[] = [];
  for (const fn of bffFunctions()) {
    const handler = String(fn.Properties.Description).replace('BFF handler ', '');
    handlersSeen.push(handler);
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(template.Resources)
      .filter(
        (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`),
      )
      .flatMap(
        (r) =>
          (r.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
            .Statement,
      );
    const granted = [
      ...new Set(
        statements
          .flatMap((st) => [st.Action].flat())
          .map((a) => a.split(':')[0] ?? '')
          .filter((service) => service !== 'logs'),
      ),
    ].sort();
    const bundle = bundleOf(fn);
    const readsSecret = (logicalPrefix: string) =>
      statements.some(
        (st) =>
          JSON.stringify(st.Resource).includes(logicalPrefix) &&
          [st.Action].flat().includes('secretsmanager:GetSecretValue'),
      );
    // Cognito's InitiateAuth (the password check) is a public call that needs no grant, so a bundle may
    // carry the Cognito client without any cognito-idp grant; every other service it carries is granted,
    // and nothing is granted that it does not carry. Which actions each may call: dev/iam/__tests__/grants.int.test.ts.
    const called = servicesCalledBy(bundle);
    const needed = granted.includes('cognito-idp') ? called : called.filter((s) => s !== 'cognito-idp');
    expect({ handler, services: granted }).toEqual({ handler, services: needed });
    expect({ handler, stripeSecret: readsSecret('SecretsStripe') }).toEqual({
      handler,
      stripeSecret: usesModule(bundle, 'lambdas/lib/stripe/client.ts'),
    });
    expect({ handler, signingKey: readsSecret('SecretsLicenseSigningKey') }).toEqual({
      handler,
      signingKey: usesModule(bundle, 'lambdas/lib/license-token.ts'),
    });
  }
  expect(handlersSeen.sort()).toEqual([...new Set(routes.map((r) => r.handler))].sort());
});
