// A clean `gatsby build` with its phases: Gatsby prints `success <phase> - 1.234s` (and `info
// bootstrap finished - 9.4s`, `Done building in 50.0 sec`) when its output is not a terminal. The
// phases make a slower build's cause visible (image jobs, webpack bundles, queries, HTML).
import { spawn } from 'node:child_process';

export interface BuildPhase {
  phase: string;
  seconds: number;
  /** What the phase counted, e.g. `73/73` pages or `372/372` image jobs. */
  count?: string;
}

export interface BuildReport {
  totalSeconds: number;
  phases: BuildPhase[];
}

// Gatsby colours its output when it can; a pipe normally gets none, but FORCE_COLOR may be set.
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const PHASE = /^(?:success|info) (.+?) - (\d+(?:\.\d+)?)s(?: - (\d+\/\d+))?/;
const DONE = /^info Done building in (\d+(?:\.\d+)?) sec/;

/** The phases and total time in a build's output. */
export function parseBuildOutput(output: string): BuildReport {
  const phases: BuildPhase[] = [];
  let totalSeconds = NaN;
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.replace(ANSI, '').trim();
    const done = DONE.exec(line);
    if (done) totalSeconds = Number(done[1]);
    const match = PHASE.exec(line);
    if (!match?.[1] || !match[2]) continue;
    phases.push({ phase: match[1], seconds: Number(match[2]), ...(match[3] ? { count: match[3] } : {}) });
  }
  return { totalSeconds, phases };
}

/** Runs `gatsby clean` then `gatsby build`, passing the output through, and answers its phases. */
export async function cleanBuild(): Promise<BuildReport> {
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' };
  const run = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn('npx', ['gatsby', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
        output += chunk.toString();
        to.write(chunk);
      };
      child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
      child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`gatsby ${args.join(' ')} failed (${code})`)),
      );
    });
  await run(['clean']);
  const report = parseBuildOutput(await run(['build']));
  if (!report.phases.length || Number.isNaN(report.totalSeconds)) {
    throw new Error(
      'gatsby build printed no phase timings: its output format changed (bench/build-phases.ts)',
    );
  }
  return report;
}

/** Phases over a second, longest first: the table bench:site prints. */
export function phaseRows(report: BuildReport): Record<string, string | number>[] {
  return report.phases
    .filter((p) => p.seconds >= 1 && p.phase !== 'bootstrap finished')
    .sort((a, b) => b.seconds - a.seconds)
    .map((p) => ({ phase: p.phase, seconds: p.seconds, ...(p.count ? { count: p.count } : {}) }));
}
