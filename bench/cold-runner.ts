// A Lambda instance's cold start, in a fresh Node process: bench/api-tree.ts builds this file with
// esbuild into one plain .cjs (no TypeScript loader at run time) and runs
// `node --enable-source-maps <runner> <job.json>` once per measured call, with the handler's
// environment (CDK sets NODE_OPTIONS=--enable-source-maps on every function, so Node reads the
// bundle's source map when it loads it, as in Lambda).
// job.json: { bundle, event, context, resultFile }. The runner installs the request() accounting
// (bench/own-time.ts) first, then times require() of the bundle and the first invocation, writes
// { result, timing } to resultFile and exits.
import { outboundInFlight, takeSamples, timed } from './own-time';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const boot = performance.now();

interface Job {
  bundle: string;
  event: unknown;
  context: Record<string, unknown> & { deadline: number };
  resultFile: string;
}

type Lambda = (event: unknown, context: unknown) => Promise<unknown>;

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Job;
  const t0 = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is loaded as Lambda loads it
  const mod = require(job.bundle) as { handler: Lambda };
  const load = performance.now() - t0;
  if (outboundInFlight() !== 0) throw new Error('the bundle started a request while loading');
  const context = {
    ...job.context,
    getRemainingTimeInMillis: () => Math.max(0, job.context.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  const result = await timed('first', mod.handler)(job.event, context);
  const [sample] = takeSamples();
  writeFileSync(
    job.resultFile,
    JSON.stringify({
      result,
      timing: {
        boot,
        load,
        first: sample?.wall ?? Number.NaN,
        firstIo: sample?.io ?? Number.NaN,
        firstWait: sample?.wait ?? Number.NaN,
        firstOwn: sample?.own ?? Number.NaN,
        outbound: sample?.outbound ?? 0,
      },
    }),
  );
}

main().then(
  // Keep-alive sockets would hold the process open; a Lambda instance is frozen here instead.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
