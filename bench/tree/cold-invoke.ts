import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SdkVariant } from '../api-report';
import type { ColdInvoke, ColdSample } from '../dispatch';

// The cold phase's invoker: each call in a fresh `node` (bench/cold-runner.ts) with the handler's
// environment only, as a Lambda cold start runs it.

export function coldInvoker(opts: {
  /** Where the jobs and their results are written. */
  dir: string;
  /** The built cold runner (bundles.ts buildColdRunner). */
  runner: string;
  coldFlags: string[];
  env: Record<string, string>;
  /** The bundles' variant being measured. */
  variant: () => SdkVariant;
}): ColdInvoke {
  let coldSeq = 0;
  return async (handler, bundle, event, context) => {
    const seq = coldSeq++;
    const job = path.join(opts.dir, `cold-${seq}.json`);
    const resultFile = path.join(opts.dir, `cold-${seq}.out.json`);
    await writeFile(job, JSON.stringify({ bundle, event, context, resultFile }));
    const t0 = performance.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const p = spawn(process.execPath, [...opts.coldFlags, opts.runner, job], {
        env: {
          PATH: process.env.PATH,
          ...opts.env,
          AWS_LAMBDA_FUNCTION_NAME: handler,
          AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      p.stdout.on('data', (d: Buffer) => (out += d.toString()));
      p.stderr.on('data', (d: Buffer) => (out += d.toString()));
      p.on('close', (c) => resolve({ code: c, output: out }));
    });
    const processMs = performance.now() - t0;
    if (code !== 0) throw new Error(`cold runner of ${handler} exited ${code}:\n${output.slice(-2000)}`);
    const { result, timing } = JSON.parse(await readFile(resultFile, 'utf8')) as {
      result: unknown;
      timing: Omit<ColdSample, 'handler' | 'variant' | 'process'>;
    };
    await rm(job, { force: true });
    await rm(resultFile, { force: true });
    return { result, sample: { handler, variant: opts.variant(), ...timing, process: processMs } };
  };
}
