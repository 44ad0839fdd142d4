import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

// `npm run lifecycle -- --runs N --seed S [--commands N] [--path P] [--exclude-known]`: the model-based
// lifecycle test (lambdas/__tests__/lifecycle.int.test.ts) with N runs of up to --commands commands
// (default 12), from seed S (default a random one, printed first, so a failure can be replayed).
// --path replays the failure a report names; --exclude-known leaves out the known defects' commands
// (lambdas/__tests__/lifecycle/known-defects.ts), which a long run otherwise plays.

const USAGE = 'Usage: npm run lifecycle -- [--runs N] [--seed S] [--commands N] [--path P] [--exclude-known]';

function main(): Promise<number> {
  let values: { runs?: string; seed?: string; commands?: string; path?: string; 'exclude-known'?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      allowPositionals: false,
      options: {
        runs: { type: 'string' },
        seed: { type: 'string' },
        commands: { type: 'string' },
        path: { type: 'string' },
        'exclude-known': { type: 'boolean' },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return Promise.resolve(2);
  }
  const whole = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Number(v));
  const runs = whole(values.runs, 20);
  const commands = whole(values.commands, 12);
  const seed = whole(values.seed, (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0);
  if (![runs, commands, seed].every(Number.isInteger) || runs < 1 || commands < 1) {
    console.error(`--runs, --commands and --seed are whole numbers\n${USAGE}`);
    return Promise.resolve(2);
  }
  console.log(`lifecycle: --runs ${runs} --seed ${seed} --commands ${commands}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LIFECYCLE_RUNS: String(runs),
    LIFECYCLE_SEED: String(seed),
    LIFECYCLE_COMMANDS: String(commands),
    ...(values.path && { LIFECYCLE_PATH: values.path }),
  };
  if (!values['exclude-known']) env.LIFECYCLE_EXCLUDE = '';
  else delete env.LIFECYCLE_EXCLUDE;
  const child = spawn(
    'npx',
    ['jest', 'lambdas/__tests__/lifecycle.int.test.ts', '--selectProjects', 'integration'],
    { stdio: 'inherit', env },
  );
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

void main().then((code) => process.exit(code));
