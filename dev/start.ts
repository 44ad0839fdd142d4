import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack, type LocalStack } from './local-stack';
import { siteBuiltFor } from './site-build';
import { siteBuildEnv } from './site-env';
import { stackInfoPath, type StackInfo } from './stack-info';

// `npm start`: the whole product on 127.0.0.1. Starts the local stack (state in LOCAL_DIR, default
// .local), builds the site unless public/ carries the stamp of a build for this stack (whatever built
// it: `npm run build` or a test run leaves a build for another backend), serves it with /api on the
// same origin, and stops every child on Ctrl-C or SIGTERM. Only then does it write stack.json and
// print the URLs: nothing reaches the old site while the new one builds.
// Flags: --no-site (emulators and API only), --rebuild (build the site even if it looks current),
// --no-webhooks (the Stripe emulator delivers no events; for bench:api), --passkeys (passkeys on the
// local Cognito and the pages, as CDK context `passkeys` deploys them; the site is then used on localhost).

const { values: flags } = parseArgs({
  options: {
    'no-site': { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    'no-webhooks': { type: 'boolean', default: false },
    passkeys: { type: 'boolean', default: false },
  },
});
const withSite = !flags['no-site'];
const dir = path.resolve(process.env.LOCAL_DIR || '.local');
const root = path.join(__dirname, '..');

let starting: Promise<LocalStack> | undefined;

/** WebAuthn refuses IP addresses: with passkeys the site is used on localhost, the relying party. */
const siteAddress = (info: StackInfo): string =>
  info.passkeys && info.site ? info.site.replace('//127.0.0.1:', '//localhost:') : (info.site ?? '');
let build: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  build?.kill('SIGTERM');
  // Stopped while the site builds: the stack's start fails and stops what it started.
  const stack = await starting?.catch(() => undefined);
  if (stack) {
    console.log('\nStopping the local stack…');
    await stack.stop();
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));

/** Builds public/ unless its own build stamp says it was built with this stack's GATSBY_* values. */
async function buildSite(info: StackInfo): Promise<void> {
  const env = {
    ...process.env,
    ...siteBuildEnv(info),
    GATSBY_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
  };
  if (!flags.rebuild && (await siteBuiltFor(path.join(root, 'public'), env))) {
    console.log('Site: public/ was built for this stack (pass --rebuild to build anyway).');
    return;
  }
  console.log(
    `Building the site (gatsby build)… Meanwhile the API (${info.api}), the outbox (${info.outbox}) ` +
      `and the emulators already answer; ${info.site ?? 'the site'} shows a "being built" page until it is done.`,
  );
  let run = await gatsby(['build'], env);
  // Gatsby can stop on a cache that an interrupted build left ("The result of this StaticQuery could
  // not be fetched"): that build is retried once from a clean cache, and says so.
  if (run.code !== 0 && !stopping && STALE_CACHE.test(run.output)) {
    console.log(
      'The build stopped on a stale Gatsby cache: cleaning .cache and public/ and building once more…',
    );
    await gatsby(['clean'], env);
    run = await gatsby(['build'], env);
  }
  if (stopping) throw new Error('Stopped while the site was building.');
  if (run.code !== 0) {
    throw new Error(
      `The site build failed (gatsby build exited with ${run.code}); see its output above.\n` +
        'Fix the site and run npm start again, or run `npm start -- --no-site` for the emulators and API alone.',
    );
  }
}

/** What a build left behind that only a clean cache clears. */
const STALE_CACHE = /StaticQuery could not be fetched/;

/** Runs the local gatsby bin, its output passed through and its last 64 KB kept for a look. */
async function gatsby(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  let output = '';
  const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
    to.write(chunk);
    output = (output + chunk.toString()).slice(-65536);
  };
  const code = await new Promise<number>((resolve) => {
    // The local bin rather than npx: one process to signal, no npx wrapper left holding on.
    build = spawn(path.join(root, 'node_modules', '.bin', 'gatsby'), args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    build.stdout?.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    build.stderr?.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    build.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 130 : 1)));
    build.once('error', () => resolve(1));
  });
  build = undefined;
  return { code, output };
}

async function main(): Promise<void> {
  console.log(`Starting the local stack (state in ${path.relative(process.cwd(), dir) || '.'})…`);
  starting = startLocalStack({
    dir,
    site: withSite,
    ports: 'fixed',
    webhooks: !flags['no-webhooks'],
    passkeys: flags.passkeys,
    prepareSite: buildSite,
  });
  const { info, demo } = await starting;
  if (stopping) return;
  console.log(
    [
      '',
      '  Stockbench is running locally.',
      '',
      withSite ? `  Site      ${siteAddress(info)}` : `  API       ${info.api}`,
      `  Outbox    ${info.outbox}   (every email sent, links clickable)`,
      `  Sign in   ${demo.email} / ${demo.password}`,
      '',
      `  Stripe ${info.stripeApi}   Cognito ${info.cognitoEndpoint}   DynamoDB ${info.dynamodb}`,
      `  All URLs and ids: ${stackInfoPath(dir)}`,
      '  Ctrl-C stops everything; `npm run reset` wipes the state.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (stopping) return; // shutdown() is stopping everything and exits
  console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
