import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Credentials } from './iam/policy';
import { handlerSourceMaps } from './handler-source-maps';
import { buildHandlerBundles } from '../cdk/lib/handler-bundles';
import { printLogLine, RUNTIME_LOGS_SOURCE } from './lambda-runtime-logs';

// A scheduled job (lambdas/schedules.ts) run once locally, as EventBridge runs it in AWS: its bundle as
// CDK builds it, in a worker thread of its own with the handlers' environment and the job's own AWS
// keys, so the stack's IAM gate holds it to the grants its CDK role has; its logs as the runtime writes them.

export const JOBS_DIR = path.join(__dirname, '..', 'lambdas', 'jobs');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
process.setSourceMapsEnabled?.(workerData.sourceMaps);
${RUNTIME_LOGS_SOURCE}
runtimeLogs
  .invoke(require('node:crypto').randomUUID(), () =>
    require(workerData.bundle).handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: workerData.time, detail: {} }),
  )
  .then(
    (result) => parentPort.postMessage({ ok: true, result }),
    (error) => parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
`;

export async function runJob(
  name: string,
  env: Record<string, string>,
  credentials: Credentials,
  logSink: (name: string, line: string) => void = (_name, line) => printLogLine(line),
  /** The event's time (ISO 8601), as EventBridge stamps a scheduled event; now when not given. */
  time: string = new Date().toISOString(),
): Promise<unknown> {
  const bundle = (await buildHandlerBundles(JOBS_DIR)).files[name];
  if (!bundle) throw new Error(`No job ${name} in ${JOBS_DIR}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bundle, sourceMaps: handlerSourceMaps(), time },
    env: {
      ...env,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...(credentials.sessionToken && { AWS_SESSION_TOKEN: credentials.sessionToken }),
      AWS_LAMBDA_FUNCTION_NAME: name,
    },
  });
  try {
    type Message = { type: 'log'; line: string } | { ok: boolean; result?: unknown; message?: string };
    const answer = await new Promise<{ ok: boolean; result?: unknown; message?: string }>(
      (resolve, reject) => {
        worker.on('message', (msg: Message) => {
          if ('type' in msg) logSink(name, msg.line);
          else resolve(msg);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the job ${name} exited with code ${code}`)));
      },
    );
    if (!answer.ok) throw new Error(`the job ${name} failed: ${answer.message ?? ''}`);
    return answer.result;
  } finally {
    await worker.terminate();
  }
}
