import type { LocalStack } from '../../../dev/local-stack';

// What the integration tests' Jest environment (worker-stack-environment.ts) hands a test file: its
// worker's shared local stack. Kept apart from the environment, so a test file loads none of Jest's
// environment code.

/** The worker's stack, its state directory, and the variables it put in the worker's environment. */
export interface WorkerStack {
  stack: LocalStack;
  dir: string;
  /** A test's own code reads them (the table name, the endpoints, the admin's keys). */
  env: Record<string, string | undefined>;
}

/** The global through which a test file asks for it (absent when each file starts its own). */
export const WORKER_STACK_GLOBAL = '__workerStack';

/** Sets each variable in `env` (an undefined value removes it), as the stack's start left them. */
export function applyEnv(
  env: Record<string, string | undefined>,
  vars: Record<string, string | undefined>,
): void {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) Reflect.deleteProperty(env, key);
    else env[key] = value;
  }
}
