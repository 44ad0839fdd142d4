import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startLocalStack, type LocalStack } from './local-stack';
import { siteBuildEnv } from './site-env';
import { stackInfoPath, type StackInfo } from './stack-info';

// `npm start`: the whole product on 127.0.0.1. Starts the local stack (state in LOCAL_DIR, default
// .local), builds the site when public/ is missing or its GATSBY_* values changed, serves it with /api
// on the same origin, and stops every child on Ctrl-C or SIGTERM.
// Flags: --no-site (emulators and API only), --rebuild (build the site even if it looks current),
// --no-webhooks (the Stripe emulator delivers no events; for bench:api).

const args = new Set(process.argv.slice(2));
const withSite = !args.has('--no-site');
const dir = path.resolve(process.env.LOCAL_DIR || '.local');
const root = path.join(__dirname, '..');

let stack: LocalStack | undefined;
let build: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  build?.kill('SIGTERM');
  if (stack) {
    console.log('\nStopping the local stack…');
    await stack.stop();
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));

/** Builds public/ unless it exists and was built with the same GATSBY_* values. */
async function buildSite(info: StackInfo): Promise<void> {
  const env = siteBuildEnv(info);
  const hash = createHash('sha256').update(JSON.stringify(env)).digest('hex');
  const hashFile = path.join(dir, 'site-build.hash');
  const previous = await readFile(hashFile, 'utf8').catch(() => '');
  if (!args.has('--rebuild') && previous === hash && existsSync(path.join(root, 'public', 'index.html'))) {
    console.log('Site: public/ is current (pass --rebuild to build anyway).');
    return;
  }
  console.log('Building the site (gatsby build)…');
  const code = await new Promise<number>((resolve) => {
    // The local bin rather than npx: one process to signal, no npx wrapper left holding on.
    build = spawn(path.join(root, 'node_modules', '.bin', 'gatsby'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    build.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 130 : 1)));
    build.once('error', () => resolve(1));
  });
  build = undefined;
  if (stopping) return;
  if (code !== 0) {
    throw new Error(
      `The site build failed (gatsby build exited with ${code}); see its output above.\n` +
        'Fix the site and run npm start again, or run `npm start -- --no-site` for the emulators and API alone.',
    );
  }
  await writeFile(hashFile, hash);
}

async function main(): Promise<void> {
  console.log(`Starting the local stack (state in ${path.relative(process.cwd(), dir) || '.'})…`);
  stack = await startLocalStack({
    dir,
    site: withSite,
    ports: 'fixed',
    webhooks: !args.has('--no-webhooks'),
  });
  if (withSite) await buildSite(stack.info);
  if (stopping) return;
  const { info, demo } = stack;
  console.log(
    [
      '',
      '  Stockbench is running locally.',
      '',
      withSite ? `  Site      ${info.site}` : `  API       ${info.api}`,
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
  console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
