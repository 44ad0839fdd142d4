// `npm run test:e2e`: starts the local stack on free ports (emulators, API, site server with /api on the
// same origin), makes a production build of the site pointed at it, then runs the build-output and
// browser tests, two files at a time (docs/testing.md, "Browser tests side by side"), and stops everything. `--no-build` reuses public/ for a quick re-run of the public-page and
// build-output tests only: a build's account pages point at the Cognito pool and ports of the stack it was
// built against, which are gone (each run has a new stack), so the account journeys need a build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack } from '../dev/local-stack';
import { siteBuildEnv } from '../dev/site-env';
import { TEST_CHROMIUM_PATH } from './browser';

const SEQUENCER = path.join(__dirname, 'sequencer.js');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  // Asynchronous: the stack's servers live in this process and must keep answering meanwhile.
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
}

async function main(): Promise<number> {
  if (!fs.existsSync(TEST_CHROMIUM_PATH)) {
    console.error(
      `Chromium's headless shell not found at ${TEST_CHROMIUM_PATH}: install it with ` +
        `'apt-get install -y chromium-headless-shell' (see .ci/run).`,
    );
    return 1;
  }
  const args = process.argv.slice(2);
  // The functions' INFO and WARN lines would interleave with the test report: errors only.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  // Their stack traces unmapped: the same behaviour at less CPU (dev/handler-source-maps.ts).
  process.env.HANDLER_SOURCE_MAPS ??= 'off';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-stack-'));
  // Passkeys on, in the local Cognito and in the build (siteBuildEnv): passkeys.e2e.test.ts uses them, and
  // every other journey passes with them on, as on a pool that takes them.
  const stack = await startLocalStack({
    dir,
    site: true,
    ports: 'auto',
    log: () => undefined,
    passkeys: true,
    persist: false,
  });
  try {
    if (args.includes('--no-build')) {
      console.warn(
        'e2e: --no-build reuses public/, built for an earlier stack: account journeys cannot sign in.',
      );
    } else {
      // Canonical links keep the production address, so the build-output checks read as in production.
      const { GATSBY_SITE_URL: _local, ...env } = siteBuildEnv(stack.info);
      // A build without installers, whatever the shell has: the tests check what such a build shows.
      const none = { GATSBY_INSTALLER_WINDOWS_URL: '', GATSBY_INSTALLER_MACOS_URL: '' };
      // With the optional token sync on: token-sync.e2e.test.ts stands in for the endpoint.
      const tokenSync = { GATSBY_TOKEN_SYNC_URL: '/token-sync' };
      const code = await run('npx', ['gatsby', 'build'], {
        ...env,
        ...none,
        ...tokenSync,
        GATSBY_TELEMETRY_DISABLED: '1',
      });
      if (code !== 0) return code;
    }
    // `--` ends --selectProjects' list, so test paths given on the command line stay paths.
    const paths = args.filter((a) => a !== '--no-build');
    // Two files at a time, in the order that waits least on the Stripe lock (e2e/groups.ts).
    const jest = ['jest', '--selectProjects', 'e2e', '--maxWorkers=2', '--testSequencer', SEQUENCER];
    return await run('npx', [...jest, ...(paths.length ? ['--', ...paths] : [])], {
      E2E_SITE_URL: stack.info.site ?? '',
      E2E_STACK_DIR: dir,
    });
  } finally {
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
