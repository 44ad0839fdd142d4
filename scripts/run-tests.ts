// `npm test`'s runs, side by side: the site build with the browser tests (`npm run test:e2e`) and the
// page weights of that build (`npm run test:bench`), the unit and integration tests
// (`npm run test:unit`), and the static checks (`npm run checks`). They share nothing (each test run
// starts its own local stacks, on ports of their own). One after another they left a core idle while
// the browser tests waited on Chromium; side by side both cores stay busy (docs/testing.md,
// docs/performance.md). Each run's output is kept and printed whole once all have ended, a failed
// run's last, so two Jest reports never interleave and a log cut to its tail (as CI shows it) still
// shows what failed; the exit code is non-zero when any fails. Ctrl-C stops them all (each stops its
// stacks).
import { spawn, type ChildProcess } from 'node:child_process';

interface Run {
  name: string;
  /** npm scripts run one after another; the first that fails ends the run. */
  scripts: string[];
  /**
   * The scheduler's niceness. The browser tests wait on Chromium and their stack at every step, so
   * each moment they wait for a core lengthens the whole run; the unit tests use whatever is left.
   */
  nice: number;
}

const RUNS: Run[] = [
  { name: 'site build, browser tests and page weights', scripts: ['test:e2e', 'test:bench'], nice: 0 },
  { name: 'unit and integration tests', scripts: ['test:unit'], nice: 10 },
  // The static checks need nothing the tests make, and the tests nothing they make: beside them, they
  // take the CPU the browser tests leave while they wait on Chromium, instead of a minute before them.
  { name: 'checks', scripts: ['checks'], nice: 10 },
];

const children = new Set<ChildProcess>();

interface Ended {
  run: Run;
  code: number;
  report: Buffer;
}

function start(run: Run): Promise<Ended> {
  const started = Date.now();
  const command = run.scripts.map((script) => `npm run -s ${script}`).join(' && ');
  console.log(`▶ ${run.name} (${command})`);
  // Its own process group, so that Ctrl-C here reaches Jest, its workers, Chromium and the stack.
  const child = spawn('nice', ['-n', String(run.nice), 'sh', '-c', command], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const done = (code: number) => {
      children.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      const status = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      console.log(`━━ ${run.name}: ${status} in ${seconds} s`);
      const heading = Buffer.from(`\n━━ ${run.name}: ${status} in ${seconds} s ━━\n`);
      resolve({ run, code, report: Buffer.concat([heading, ...output]) });
    };
    child.once('close', (code) => done(code ?? 1));
    child.once('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      done(1);
    });
  });
}

function stopAll(signal: NodeJS.Signals) {
  for (const child of children) {
    if (child.pid) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exitCode = 130;
  });
}

Promise.all(RUNS.map(start))
  .then((ended) => {
    for (const e of [...ended].sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0))) {
      process.stdout.write(e.report);
    }
    const failed = ended.filter((e) => e.code !== 0).map((e) => e.run.name);
    if (failed.length) console.error(`\nFailed: ${failed.join(', ')}`);
    process.exit(process.exitCode ?? (failed.length ? 1 : 0));
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
