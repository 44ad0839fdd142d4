import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { routes } from '../../lambdas/routes';
import { tinySiteDir } from './helpers';

// `cdk synth` through the real CLI, offline, with real esbuild bundling of every handler (the other
// tests use stub code) and CDK's built-in CloudFormation validation. This is the one slow test.

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
      '-c',
      `siteDir=${siteDir}`,
      '-c',
      'siteBucketName=stockbench-dev-site-bucket',
      '-c',
      'distributionId=E2EXAMPLE',
      '-c',
      'distributionDomainName=d111111abcdef8.cloudfront.net',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 170_000,
      env: {
        ...process.env,
        CDK_DISABLE_VERSION_CHECK: 'true',
        AWS_EC2_METADATA_DISABLED: 'true',
        // No credentials and no region: the app must not need either.
        AWS_ACCESS_KEY_ID: '',
        AWS_SECRET_ACCESS_KEY: '',
        AWS_PROFILE: '',
        AWS_REGION: '',
        AWS_DEFAULT_REGION: '',
        CDK_DEFAULT_ACCOUNT: '',
        CDK_DEFAULT_REGION: '',
        CDK_VALIDATION: '',
      },
    },
  );
}, 180_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(siteDir, { recursive: true, force: true });
});

it('exits 0 and writes both stacks', () => {
  expect({ status: run.status, stderr: run.status === 0 ? '' : String(run.stderr).slice(-3000) }).toEqual({
    status: 0,
    stderr: '',
  });
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev.template.json'))).toBe(true);
  expect(fs.existsSync(path.join(outdir, 'Stockbench-dev-SiteContent.template.json'))).toBe(true);
});

it('bundles each handler once: minified, with a source map, AWS SDK inside', () => {
  const template = JSON.parse(
    fs.readFileSync(path.join(outdir, 'Stockbench-dev.template.json'), 'utf8'),
  ) as Template;
  const fns = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
  expect(fns).toHaveLength(new Set(routes.map((r) => r.handler)).size + 1);
  for (const fn of fns) {
    const assetDir = path.join(outdir, fn.Metadata?.['aws:asset:path'] ?? 'missing');
    const code = fs.readFileSync(path.join(assetDir, 'index.js'), 'utf8');
    const map = JSON.parse(fs.readFileSync(path.join(assetDir, 'index.js.map'), 'utf8')) as {
      names: string[];
    };
    // esbuild records renamed identifiers in the map's names only when it minifies.
    expect(map.names.length).toBeGreaterThan(0);
    if (
      String(fn.Properties.Description).startsWith('BFF handler ') &&
      !/health/.test(String(fn.Properties.Description))
    ) {
      // The SDK clients are inside the bundle, none left for the runtime to provide. (The SDK's own
      // optional try-require of @aws-sdk/signature-v4-crt stays; it is only for SigV4a.)
      expect(code).not.toMatch(/require\("@aws-sdk\/(client|lib)-/);
    }
  }
});
