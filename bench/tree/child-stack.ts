import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, waitForProcess } from '../../dev/ports';
import type { RouteDef } from '../../lambdas/routes';

// The measured tree's own modules, and its emulators in a child process (see bench/api-tree.ts's header).

const TASKSET = '/usr/bin/taskset';

/** The tree's own modules this bench needs: its stack's handler environment and its routes. */
export interface TreeModules {
  FIXED_PORTS: Record<string, readonly [string, number]>;
  handlerEnv(
    info: TreeStackInfo,
    dir: string,
    secrets: { stripeWebhookSecret: string },
  ): Record<string, string>;
  readLocalSecrets(dir: string): Promise<{ stripeWebhookSecret: string }>;
  routes: readonly RouteDef[];
}

/** The part of stack.json every tree writes (adminCredentials and awsGate only where there is a gate). */
interface TreeStackInfo {
  api: string;
  site: string | null;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  region: string;
  stripeApi: string;
  outbox: string;
  tableName: string;
  awsGate?: string;
  adminCredentials?: { accessKeyId: string; secretAccessKey: string };
}

export async function loadTree(root: string): Promise<TreeModules> {
  const stack = (await import(path.join(root, 'dev', 'local-stack.ts'))) as Omit<TreeModules, 'routes'>;
  const { routes } = (await import(path.join(root, 'lambdas', 'routes.ts'))) as { routes: RouteDef[] };
  return {
    FIXED_PORTS: stack.FIXED_PORTS,
    handlerEnv: stack.handlerEnv,
    readLocalSecrets: stack.readLocalSecrets,
    routes,
  };
}

export function git(root: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => resolve(out.trim()));
    child.on('error', () => resolve(''));
  });
}

// ---- the emulators, in a child process -----------------------------------------------------------

export interface Child {
  info: TreeStackInfo;
  ports: number[];
  /** null while it runs; its exit code or signal once it has exited. */
  exitStatus(): number | string | null;
  stop(): Promise<void>;
}

export async function startChildStack(root: string, dir: string, tree: TreeModules): Promise<Child> {
  const ports: number[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DIR: dir };
  for (const [envName] of Object.values(tree.FIXED_PORTS)) {
    let port = await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
    env[envName] = String(port);
  }
  const logFile = path.join(dir, 'stack.log');
  const fd = openSync(logFile, 'a');
  // The tree's tsx binary rather than npx: one process fewer between us and the signal. With taskset
  // (util-linux; it execs, so the pid stays tsx's) the emulators keep to the last CPU, so their work
  // after answering never takes the core the handler being timed runs on.
  const command = [
    path.join(root, 'node_modules', '.bin', 'tsx'),
    'dev/start.ts',
    '--no-site',
    '--no-webhooks',
  ];
  const pinned = os.cpus().length >= 2 && existsSync(TASKSET);
  if (pinned) command.unshift(TASKSET, '-c', String(os.cpus().length - 1));
  console.log(
    pinned ? `  emulators pinned to CPU ${os.cpus().length - 1}` : '  emulators not pinned (no taskset)',
  );
  const child: ChildProcess = spawn(command[0] ?? '', command.slice(1), {
    cwd: root,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal ?? 'exited';
      resolve();
    }),
  );
  const stop = async () => {
    if (exited === null) {
      const t0 = performance.now();
      child.kill('SIGINT');
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, 30_000);
      await exit;
      clearTimeout(timer);
      const took = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
      console.log(
        killed
          ? `  emulators killed after ${took} (SIGINT did not stop them)`
          : `  emulators stopped in ${took}`,
      );
    }
  };
  try {
    let info: TreeStackInfo | undefined;
    await waitForProcess(
      'the child stack (stack.json)',
      () => (exited === null ? undefined : `the child exited (${exited}); see ${logFile}`),
      async () => {
        info = JSON.parse(await readFile(path.join(dir, 'stack.json'), 'utf8')) as TreeStackInfo;
        return true;
      },
    );
    if (!info) throw new Error('the child stack wrote no stack.json');
    return { info, ports, stop, exitStatus: () => exited };
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${await readFile(logFile, 'utf8').catch(() => '')}`);
  }
}
