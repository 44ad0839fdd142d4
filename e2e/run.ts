// `npm run test:e2e`: a clean production build of the site, then the build-output and browser tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from './browser';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (see .ci/run).`,
  );
  process.exit(1);
}
if (!process.argv.includes('--no-build')) {
  run('npx', ['gatsby', 'build'], { GATSBY_TELEMETRY_DISABLED: '1' });
}
run('npx', ['jest', '--selectProjects', 'e2e', ...process.argv.slice(2).filter((a) => a !== '--no-build')]);
