import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { startLocalStack as StartLocalStack } from '../../../dev/local-stack';
import CpuEnvironment from '../../../scripts/test-profile/cpu-environment';
import { applyEnv, WORKER_STACK_GLOBAL, type WorkerStack } from './worker-stack';

// The integration tests' Jest environment. It keeps one local stack per Jest worker process, started
// by the first test file that asks for it (startBff() without settings) and used by every later file
// that worker runs, so each file no longer pays for a stack's start and its functions' cold starts
// (docs/testing.md, "One stack per worker"). The stack lives outside the test files' sandboxes, in the
// worker's own module scope, which Jest keeps across files.

/** The reason the shared Stripe emulator gives when a test tries to move its clock. */
const CLOCK_FIXED =
  'This stack is shared by the test files of one Jest worker, so its clock does not move: a test ' +
  'that moves it starts a stack of its own (startBff({ own: true })).';

let started: Promise<WorkerStack> | undefined;
/** The worker's environment variables the stack changed, as they were before it. */
let outsideStack: Record<string, string | undefined> = {};
/** The console of the file now running: the shared functions' log lines belong to its report. */
let currentConsole: Console = console;

/**
 * Only in a Jest worker process (one with an IPC channel to Jest): run in band, the stack would keep
 * Jest's own process alive after the last test. TEST_SHARED_STACK=off gives every file its own stack.
 */
const shareable = (): boolean =>
  typeof process.send === 'function' && process.env.TEST_SHARED_STACK !== 'off';

function startWorkerStack(): Promise<WorkerStack> {
  started ??= (async () => {
    // The stack's code runs here, outside Jest's transform, as `npm start` runs it: through tsx, whose
    // two loaders compile both its require() calls and its lazy import() calls.
    for (const api of ['tsx/cjs/api', 'tsx/esm/api']) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require(api) as { register: () => void }).register();
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startLocalStack } = require('../../../dev/local-stack') as {
      startLocalStack: typeof StartLocalStack;
    };
    const before = { ...process.env };
    // As jest.setup-slow.ts sets them for a file's own stack.
    process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
    process.env.HANDLER_SOURCE_MAPS ??= 'off';
    // What the stack prints (its functions' log lines, the IAM gate's denials) belongs to the report
    // of the file running, as it does with a stack of the file's own.
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      console[level] = (...args: unknown[]) => currentConsole[level](...args);
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'worker-stack-'));
    const stack = await startLocalStack({
      dir,
      site: false,
      ports: 'auto',
      log: () => undefined,
      machineLimit: null,
      clockFixed: CLOCK_FIXED,
      persist: false,
    });
    // Jest ends a worker by message and kills it half a second later if it is still running, with a
    // warning: a normal exit waits on the stack's worker threads and servers, and removing the stack's
    // files (every mail of the worker's files among them) can take longer on a busy machine. Every
    // result is reported by then, so a process of its own removes the files, and the worker ends at
    // once (cognito-local ends with it, cognito-local.ts).
    process.on('message', (message: unknown) => {
      if (Array.isArray(message) && message[0] === 2 /* jest-worker's CHILD_MESSAGE_END */) {
        const removal = `require('node:fs').rmSync(${JSON.stringify(dir)}, { recursive: true, force: true })`;
        spawn(process.execPath, ['-e', removal], { detached: true, stdio: 'ignore' }).unref();
        process.kill(process.pid, 'SIGKILL');
      }
    });
    const keys = new Set([...Object.keys(before), ...Object.keys(process.env)]);
    const env = Object.fromEntries(
      [...keys].filter((k) => before[k] !== process.env[k]).map((k) => [k, process.env[k]]),
    );
    // The stack's own code reads them here; a test file gets them only with the stack (bff.ts).
    outsideStack = Object.fromEntries(Object.keys(env).map((k) => [k, before[k]]));
    return { stack, dir, env };
  })();
  started.catch(() => (started = undefined));
  return started;
}

export default class WorkerStackEnvironment extends CpuEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    if (shareable()) this.global[WORKER_STACK_GLOBAL] = startWorkerStack;
    // Jest copies the worker's environment into each file's: a file sees the stack's variables only
    // once it takes the stack, and a file of another project (unit tests run in these workers too)
    // never does.
    applyEnv(this.global.process.env, outsideStack);
  }

  override async setup(): Promise<void> {
    await super.setup();
    currentConsole = this.global.console;
  }
}
