import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handlerSourceMaps } from './handler-source-maps';
import { buildHandlerBundles, handlerFile, type HandlerBundles } from '../cdk/lib/handler-bundles';
import type { Credentials } from './iam/policy';
import { printLogLine, RUNTIME_LOGS_SOURCE } from './lambda-runtime-logs';

// Runs functions as Lambda runs them: each in a worker thread of its own (started on its first
// invocation), from the bundle CDK would deploy, with an environment of its own that carries its own
// AWS credentials; or, for timing, imported into this process.

/** API Gateway's integration timeout, and so every function's deadline. */
export const TIMEOUT_MS = 30_000;

/** Receives every log line of a function run in a worker, with the function's name. */
export type LogSink = (name: string, line: string) => void;

export type LambdaResult =
  APIGatewayProxyStructuredResultV2 | string | Record<string, unknown> | undefined | null;
type Lambda = (event: APIGatewayProxyEventV2, context: Context) => Promise<LambdaResult>;

/** The serializable part of a Lambda context (the functions are added where the handler runs). */
type ContextFields = Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'> & {
  deadline: number;
};

export interface Invokers {
  invoke(name: string, event: APIGatewayProxyEventV2, context: ContextFields): Promise<LambdaResult>;
  close(): Promise<void>;
}

/** Functions run as Lambda runs them (workerInvokers): any event, one worker per function. */
export interface LambdaWorkers {
  invoke(name: string, event: unknown, context: ContextFields): Promise<LambdaResult>;
  close(): Promise<void>;
}

function withFunctions(fields: ContextFields): Context {
  return {
    ...fields,
    getRemainingTimeInMillis: () => Math.max(0, fields.deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The handler modules imported into this process (bench:api's timing wraps them in place). */
export function inProcessInvokers(handlersDir: string, env: Record<string, string> | undefined): Invokers {
  if (env) Object.assign(process.env, env);
  const modules = new Map<string, Promise<{ handler: Lambda }>>();
  const load = (name: string) => {
    let mod = modules.get(name);
    if (!mod) {
      mod = import(handlerFile(handlersDir, name)) as Promise<{ handler: Lambda }>;
      modules.set(name, mod);
      mod.catch(() => modules.delete(name));
    }
    return mod;
  };
  return {
    invoke: async (name, event, context) => (await load(name)).handler(event, withFunctions(context)),
    close: () => Promise.resolve(),
  };
}

// What runs in each handler's worker: loads the bundle once (the Lambda's cold start), invokes it per
// message, and writes its logs as the Lambda runtime does (lambda-runtime-logs.ts), each line sent to the
// parent (so it shows in order with the result). Plain JavaScript: the worker runs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const nodeModule = require('node:module');
// V8's compiled code of each bundle, kept on disk beside the bundles: every cold start after the first
// (a new stack, a recycled handler) skips compiling ~1.3 MB of JavaScript. Lambda compiles each cold start.
nodeModule.enableCompileCache?.(workerData.compileCache);
// As NODE_OPTIONS=--enable-source-maps in Lambda, unless the runner turned it off (handler-source-maps.ts).
process.setSourceMapsEnabled?.(workerData.sourceMaps);
// The SDK's warning about this machine's Node (the parent prints it once; Lambda runs a newer Node).
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  if (type === 'NodeVersionSupportWarning' || String(warning).includes('NodeVersionSupportWarning')) return;
  emitWarning.call(process, warning, ...rest);
};
${RUNTIME_LOGS_SOURCE}
let mod;
parentPort.on('message', async ({ id, event, context }) => {
  try {
    const result = await runtimeLogs.invoke(context.awsRequestId, () => {
      if (!mod) {
        mod = require(workerData.bundle);
        nodeModule.flushCompileCache?.();
      }
      return mod.handler(event, {
        ...context,
        getRemainingTimeInMillis: () => Math.max(0, context.deadline - Date.now()),
        done() {}, fail() {}, succeed() {},
      });
    });
    parentPort.postMessage({ type: 'result', id, result });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    parentPort.postMessage({ type: 'error', id, error: { name: e.name, message: e.message, stack: e.stack } });
  }
});
`;

type WorkerMessage =
  | { type: 'log'; stream: 'stdout' | 'stderr'; line: string }
  | { type: 'result'; id: number; result: LambdaResult }
  | { type: 'error'; id: number; error: { name: string; message: string; stack?: string } };

/**
 * One worker per handler, like one Lambda function (concurrent requests share it, as they did in-process).
 * The Cognito triggers run this way too (dev/lambda-invoke.ts). `env` is read when a worker starts.
 */
export function workerInvokers(
  handlersDir: string,
  env: Record<string, string>,
  credentials: ((name: string) => Credentials | undefined) | undefined,
  logSink: LogSink = (_name, line) => printLogLine(line),
): LambdaWorkers {
  // Built (or found in the cache) now, so the first request does not wait for it.
  let bundles: Promise<HandlerBundles> | undefined;
  const getBundles = () => {
    if (!bundles) {
      bundles = buildHandlerBundles(handlersDir);
      bundles.catch(() => (bundles = undefined)); // retried by the next request
    }
    return bundles;
  };
  getBundles().catch(() => undefined);

  const workers = new Map<string, { worker: Worker; exited: Promise<void> }>();
  const pending = new Map<number, { name: string; resolve(r: LambdaResult): void; reject(e: Error): void }>();
  let nextId = 1;

  const failPending = (name: string, error: Error) => {
    for (const [id, p] of pending) {
      if (p.name !== name) continue;
      pending.delete(id);
      p.reject(error);
    }
  };

  const start = (name: string, bundle: string, compileCache: string) => {
    const keys = credentials?.(name);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bundle, compileCache, sourceMaps: handlerSourceMaps() },
      env: {
        ...env,
        ...(keys && {
          AWS_ACCESS_KEY_ID: keys.accessKeyId,
          AWS_SECRET_ACCESS_KEY: keys.secretAccessKey,
          ...(keys.sessionToken && { AWS_SESSION_TOKEN: keys.sessionToken }),
        }),
        AWS_LAMBDA_FUNCTION_NAME: name,
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
      },
    });
    // An idle worker does not keep the process alive (a stopped stack terminates them anyway).
    worker.unref();
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'log') {
        logSink(name, msg.line);
        return;
      }
      const p = pending.get(msg.id);
      if (!p) return; // answered after its request timed out
      pending.delete(msg.id);
      if (msg.type === 'result') p.resolve(msg.result);
      else p.reject(Object.assign(new Error(msg.error.message), msg.error));
    });
    // A crash (an uncaught exception, an unhandled rejection) ends the worker, as it ends a Lambda
    // instance: its requests fail, and the next request starts a fresh one.
    worker.on('error', (error) => {
      workers.delete(name);
      failPending(name, error);
    });
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        if (workers.get(name)?.worker === worker) workers.delete(name);
        failPending(name, new Error(`the worker of ${name} exited with code ${code}`));
        resolve();
      }),
    );
    workers.set(name, { worker, exited });
    return worker;
  };

  return {
    invoke: async (name, event, context) => {
      const { files, compileCache } = await getBundles();
      const bundle = files[name];
      if (!bundle) throw new Error(`No handler ${name} in ${handlersDir}`);
      const worker = workers.get(name)?.worker ?? start(name, bundle, compileCache);
      const id = nextId++;
      return new Promise<LambdaResult>((resolve, reject) => {
        pending.set(id, { name, resolve, reject });
        worker.postMessage({ id, event, context });
      });
    },
    close: async () => {
      const all = [...workers.values()];
      workers.clear();
      await Promise.all(
        all.map(async ({ worker, exited }) => {
          await worker.terminate();
          await exited;
        }),
      );
    },
  };
}

export function contextFields(name: string, started: number): ContextFields {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    deadline: started + TIMEOUT_MS,
  };
}
