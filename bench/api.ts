// npm run bench:api [-- --baseline <git-ref> [--baseline-own-bench]] [--quick] [--no-profile] [--no-cold]
//                    [--stripe-latency <ms>]
//
// The API's handlers measured by bench/api-tree.ts in a child process against the tree's own local
// stack. Per endpoint: the calls it makes to Stripe, DynamoDB, Cognito and SES, how many of them run
// one after another, and its end-to-end latency with the Stripe emulator answering after 300 ms as
// Stripe does in production (the modeled phase, against the API's targets (bench/api-report.ts)); end-to-end latency and
// the handler's own time (p50/p95) with every emulator answering at once; per handler: bundle size as
// CDK builds it and cold start (a fresh node loading the bundle and answering its first request),
// with the AWS SDK bundled into each handler and left to the Lambda runtime, for the choice made in
// cdk/lib/handler-bundling.ts.
//
// With --baseline <git-ref> the same harness also measures that commit (before), e.g. fa13872, the
// last commit with hand-written AWS and Stripe clients. --quick (npm test runs it) takes a round or
// two of every scenario and no baseline, cold starts or profile: enough to fail when a route is not
// measured, not to be read as figures.
//
// The baseline is checked out into a temporary `git worktree` (node_modules symlinked from this
// repository), where with --baseline-own-bench its own bench (bench/api.ts of that commit) runs first
// and its bench/results/api.json is kept as a cross-check; the worktree is removed at the end, always.
// Results: bench/results/api.json (both trees), api-after.json, api-before.json,
// api-before-own-bench.json and .log.

import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  callsTable,
  bundleTable,
  coldTable,
  comparisonTable,
  endpointTable,
  LEGEND,
  MODELED_STRIPE_MS,
  modeledMisses,
  profileTable,
  TARGET_OWN_P95_MS,
  type OwnBenchResult,
  type TreeResult,
} from './api-report';

const ROOT = path.join(__dirname, '..');
const RESULTS = path.join(ROOT, 'bench', 'results');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
function parseCliArgs(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      baseline: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      'no-cold': { type: 'boolean', default: false },
      /** Also run the baseline's own bench/api.ts in its worktree, as a cross-check of this harness. */
      'baseline-own-bench': { type: 'boolean', default: false },
      'stripe-latency': { type: 'string', default: String(MODELED_STRIPE_MS) },
    },
  });
  return {
    baseline: values.quick ? undefined : values.baseline,
    quick: values.quick,
    profile: !values.quick && !values['no-profile'],
    cold: !values.quick && !values['no-cold'],
    ownBench: values['baseline-own-bench'],
    stripeLatency: values['stripe-latency'],
  };
}

// The child being waited on, so that Ctrl-C (or a SIGTERM to this process alone) reaches it and the
// cleanup below still runs.
let current: ChildProcess | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

/** Runs a command to completion; output goes to `log` (a file) or through to ours. */
async function run(command: string, args: string[], opts: { cwd: string; log?: string }): Promise<void> {
  if (interrupted) throw new Error('interrupted');
  const out = opts.log ? openSync(opts.log, 'w') : undefined;
  const child = spawn(command, args, {
    cwd: opts.cwd,
    stdio: ['ignore', out ?? 'inherit', out ?? 'inherit'],
  });
  current = child;
  try {
    const code = await new Promise<number | string>((resolve) => {
      child.once('exit', (c, s) => resolve(c ?? s ?? 1));
      child.once('error', () => resolve('spawn error'));
    });
    if (code !== 0)
      throw new Error(`${path.basename(command)} ${args.join(' ')} (in ${opts.cwd}) exited ${code}`);
  } finally {
    current = undefined;
    if (out !== undefined) closeSync(out);
  }
}

function git(args: string[], cwd = ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`git ${args.join(' ')}: ${err}`)),
    );
    child.on('error', reject);
  });
}

/** bench/api-tree.ts on one tree; its JSON result. */
async function measureTree(
  root: string,
  label: string,
  variants: string,
  flags: { quick: boolean; profile: boolean; cold: boolean; stripeLatency: string },
): Promise<TreeResult> {
  const out = path.join(RESULTS, `api-${label}.json`);
  await rm(out, { force: true });
  console.log(`\n== ${label}: ${root}`);
  await run(
    TSX,
    [
      path.join(ROOT, 'bench', 'api-tree.ts'),
      '--root',
      root,
      '--label',
      label,
      '--variants',
      variants,
      '--out',
      out,
      '--stripe-latency',
      flags.stripeLatency,
      ...(flags.quick ? ['--quick'] : []),
      ...(flags.cold ? [] : ['--phases', 'warm,modeled']),
      ...(flags.profile ? [] : ['--no-profile']),
    ],
    { cwd: ROOT },
  );
  return JSON.parse(await readFile(out, 'utf8')) as TreeResult;
}

/** The baseline tree's own bench, run in its worktree; undefined (with a warning) when it fails. */
async function runOwnBench(tree: string): Promise<OwnBenchResult | undefined> {
  const script = path.join(tree, 'bench', 'api.ts');
  if (!existsSync(script)) {
    console.warn('  the baseline has no bench/api.ts');
    return undefined;
  }
  const log = path.join(RESULTS, 'api-before-own-bench.log');
  const written = path.join(tree, 'bench', 'results', 'api.json');
  console.log(`\n== before, its own bench (log: ${path.relative(ROOT, log)})`);
  try {
    await run(path.join(tree, 'node_modules', '.bin', 'tsx'), ['bench/api.ts'], { cwd: tree, log });
    await copyFile(written, path.join(RESULTS, 'api-before-own-bench.json'));
    return JSON.parse(await readFile(written, 'utf8')) as OwnBenchResult;
  } catch (error) {
    if (interrupted) throw error;
    console.warn(`  the baseline's own bench failed (${String(error)}); see ${log}`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2));
  const started = performance.now();
  await mkdir(RESULTS, { recursive: true });
  const head = await git(['rev-parse', '--short', 'HEAD']);
  const dirty = (await git(['status', '--porcelain', '--untracked-files=no'])) !== '';
  console.log(
    `bench:api: after = this tree (${head}${dirty ? ' + uncommitted changes' : ''}), ` +
      `before = ${args.baseline ?? 'none'}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  let before: TreeResult | undefined;
  let ownBench: OwnBenchResult | undefined;
  let baselineCommit: string | undefined;
  if (args.baseline) {
    baselineCommit = await git(['rev-parse', '--short', `${args.baseline}^{commit}`]);
    const parent = await mkdtemp(path.join(os.tmpdir(), 'bench-api-baseline-'));
    const tree = path.join(parent, 'tree');
    let added = false;
    try {
      await git(['worktree', 'add', '--detach', tree, baselineCommit]);
      added = true;
      await symlink(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
      if (args.ownBench) ownBench = await runOwnBench(tree);
      before = await measureTree(tree, 'before', 'bundled', args);
    } catch (error) {
      // Without a baseline the run still measures this tree.
      if (interrupted) throw error;
      console.warn(`WARNING: the baseline ${args.baseline} could not be measured: ${String(error)}`);
    } finally {
      // The symlink first, so that nothing below can reach into this repository's node_modules.
      await unlink(path.join(tree, 'node_modules')).catch(() => undefined);
      if (added)
        await git(['worktree', 'remove', '--force', tree]).catch((e: unknown) => console.error(String(e)));
      await rm(parent, { recursive: true, force: true });
      await git(['worktree', 'prune']).catch(() => undefined);
      console.log(`  worktree of ${baselineCommit} removed`);
    }
  }
  const after = await measureTree(ROOT, 'after', 'bundled,runtime', args);

  // ---- report
  const lines: string[] = [];
  const say = (...xs: string[]) => lines.push(...xs);
  say(
    '',
    after.modeledStripeMs === undefined
      ? 'Calls per endpoint (no modeled phase)'
      : `Calls per endpoint, and latency with Stripe answering after ${after.modeledStripeMs} ms (ms; ` +
          `${after.endpoints[0]?.modeledN ?? 0}+ requests each)`,
    ...callsTable(after),
    '  Stripe/Dynamo/Cognito/SES/Secrets: requests per call (mean); serial: calls one after another on the',
    '  critical path (median; calls in flight together count once), of all services and of Stripe alone;',
    '  p50/p95: end to end in the modeled phase; target: the p95 in bench/api-report.ts. Locally DynamoDB, Cognito and SES',
    '  answer in about a millisecond, so two of their calls sent side by side may count as serial.',
  );
  say(
    '',
    ...endpointTable(
      `After: ${head}${dirty ? '+' : ''}, official SDKs, ${after.deployedVariant === 'bundled' ? 'SDK bundled (as deployed)' : 'SDK from the runtime (as deployed)'}: ${after.requests} requests, one at a time (ms)`,
      after.endpoints,
    ),
  );
  if (before) {
    say(
      '',
      ...endpointTable(
        `Before: ${baselineCommit}, hand-written clients, same harness: ${before.requests} requests (ms)`,
        before.endpoints,
      ),
    );
  }
  say(
    '',
    `Own time and end-to-end p95, before (${baselineCommit ?? '-'}) and after (${head}) (ms)`,
    ...comparisonTable(before, after, ownBench),
  );
  if (ownBench)
    say(`  its bench: the baseline's own bench/api.ts, run in its worktree (TypeScript sources via tsx)`);
  if (after.profile) {
    say(
      '',
      "Where the handlers' CPU time goes (after; a profiled pass of the scenarios, not part of the timings; ms per call)",
      ...profileTable(after),
    );
    const perCall = (t: TreeResult | undefined) => {
      const p = t?.profile;
      const calls = p ? Object.values(p.perHandler).reduce((n, h) => n + h.calls, 0) : 0;
      return p && calls ? `${(p.handlerMs / calls).toFixed(2)} ms` : '-';
    };
    say(`  CPU in handler code per call, all endpoints: before ${perCall(before)}, after ${perCall(after)}`);
  }
  say(
    '',
    'Handler bundles (esbuild as CDK runs it: cdk/lib/handler-bundling.ts; KB)',
    ...bundleTable(before, after),
  );
  say('', 'Cold start per handler (medians, ms)', ...coldTable(before, after));
  say('', ...LEGEND.map((l) => `  ${l}`));

  const modeledMissed = modeledMisses(after);
  say(
    '',
    modeledMissed.length
      ? `MODELED TARGETS MISSED (${modeledMissed.length}):`
      : 'Every modeled target holds.',
    ...modeledMissed.map((m) => `  ${m}`),
  );
  const missed = after.endpoints
    .filter((r) => !(r.ownP95 < TARGET_OWN_P95_MS))
    .map((r) => `own p95 of ${r.endpoint} is ${r.ownP95.toFixed(2)} ms (target < ${TARGET_OWN_P95_MS} ms)`);
  say(
    '',
    missed.length
      ? `MISSED (${missed.length}):`
      : `Every endpoint's own p95 is under ${TARGET_OWN_P95_MS} ms.`,
  );
  for (const m of missed) say(`  ${m}`);
  say(`jose verifies the license statement: ${after.joseVerifies ? 'yes' : 'NO'}`);
  console.log(lines.join('\n'));

  await writeFile(
    path.join(RESULTS, 'api.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadavg: os.loadavg(),
        head,
        dirty,
        baseline: args.baseline && { ref: args.baseline, commit: baselineCommit },
        targetOwnP95Ms: TARGET_OWN_P95_MS,
        after,
        before,
        beforeOwnBench: ownBench,
        missed,
        modeledMissed,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\nWrote bench/results/api.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
