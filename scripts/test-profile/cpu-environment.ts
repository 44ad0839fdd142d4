import { appendFileSync, readFileSync } from 'node:fs';
import NodeEnvironment from 'jest-environment-node';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

// A profiling aid, not a test: with TEST_CPU_LOG set, jest.config.ts runs the Node-side projects in
// this environment, which appends one line per test file to that file: the CPU the worker and the
// children it has reaped (cognito-local, esbuild, Chromium) spent from the file's start to its end.
const cpuMs = () => {
  const own = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[13]) + Number(fields[14]);
  return { own: (own.user + own.system) / 1000, children: ticks * 10 };
};

export default class CpuEnvironment extends NodeEnvironment {
  private readonly file: string;
  private readonly started = { at: Date.now(), ...cpuMs() };

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.file = context.testPath;
  }

  override async teardown(): Promise<void> {
    await super.teardown();
    const log = process.env.TEST_CPU_LOG;
    if (!log) return;
    const now = cpuMs();
    const own = Math.round(now.own - this.started.own);
    const children = Math.round(now.children - this.started.children);
    appendFileSync(log, `${this.file}\t${own}\t${children}\t${Date.now() - this.started.at}\n`);
  }
}
