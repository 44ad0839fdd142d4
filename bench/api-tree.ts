// One source tree's handlers measured against that tree's own local stack: run by bench/api.ts as a
// child process, once for this repository and once for the baseline worktree, so both are measured
// the same way in the same run.
//
//   tsx bench/api-tree.ts --root <tree> --out <file.json> [--label after] [--variants bundled,runtime]
//                         [--phases warm,cold] [--quick] [--no-profile] [--cold-flags "<node flags>"]
//
// Three processes, so the handler timings are not polluted by emulator CPU:
// - a child `tsx dev/start.ts --no-site --no-webhooks` of the tree (LOCAL_DIR = a temp dir, every port
//   free; pinned to the last CPU when taskset exists) runs its emulators (and, in this repository,
//   the IAM gate and the SES / Secrets Manager twins). It delivers no webhooks: the bench sends the
//   webhook handler real signed events itself;
// - this process serves the tree's routes with this repository's local API server, in-process: each
//   call goes to bench/dispatch.ts, which runs the handler's bundle (built with the options CDK uses,
//   cdk/lib/handler-bundling.ts) and times it with bench/own-time.ts. One request at a time;
// - after the timed phase, one more pass at a fifth of the rounds runs under the CPU profiler
//   (bench/profile.ts: where the handlers' CPU time goes; not part of any timing);
// - the cold phase runs each call in a fresh `node` (bench/cold-runner.ts) instead.
// The handlers sign their AWS calls with the stack's admin keys (StackInfo.adminCredentials), which the
// local IAM gate lets through: in AWS each function has a role of its own, and the gate's per-handler
// grants are tested elsewhere (dev/iam/, tests/); this bench measures time only.

// First: installs the request() accounting before anything captures http.request.
import { outboundInFlight, serialDepth, takeSamples, type OwnSample, type Service } from './own-time';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import Stripe from 'stripe';
import { HANDLER_BUNDLING, handlerEsbuildOptions } from '../cdk/lib/handler-bundling';
import { startApiServer } from '../dev/api-server';
import { freePort, isPortOpen, waitFor } from '../dev/ports';
import type { RouteDef } from '../lambdas/routes';
import { TERMS_VERSION } from '../src/lib/terms-version';
import {
  median,
  mean,
  MODELED_STRIPE_MS,
  pct,
  SERVICES,
  type BundleRow,
  type EndpointRow,
  type SdkVariant,
  type TreeResult,
} from './api-report';
import { recordWindows, setPhase, takeColdSamples, type ColdInvoke, type ColdSample } from './dispatch';
import { startProfile, summarize, type ProfileSummary } from './profile';
import type { BenchContext } from './scenarios/context';
import { scenariosOf } from './scenarios/endpoints';

const ROOT = path.join(__dirname, '..');
const TASKSET = '/usr/bin/taskset';

/** Endpoints that may answer without any outbound call: no dependency, or a secret cached since the first call. */
const NO_CALLS_WHEN_WARM = new Set(['health', 'license-public-key']);
/** Rounds of every scenario in the modeled phase (each takes seconds with Stripe slowed down). */
const MODELED_ROUNDS = 12;

function parseCliArgs(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      root: { type: 'string', default: ROOT },
      out: { type: 'string' },
      label: { type: 'string', default: 'tree' },
      variants: { type: 'string', default: 'bundled,runtime' },
      phases: { type: 'string', default: 'warm,modeled,cold' },
      quick: { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      /** Stripe's modeled latency in the 'modeled' phase (ms per API answer). */
      'stripe-latency': { type: 'string', default: String(MODELED_STRIPE_MS) },
      /** node's flags in the cold phase: CDK sets NODE_OPTIONS=--enable-source-maps on every function. */
      'cold-flags': { type: 'string', default: '--enable-source-maps' },
    },
  });
  if (!values.out) throw new Error('--out <file.json> is required');
  const stripeLatency = Number(values['stripe-latency']);
  if (!Number.isInteger(stripeLatency) || stripeLatency < 0)
    throw new Error('--stripe-latency takes a whole number of ms');
  return {
    root: path.resolve(values.root),
    out: path.resolve(values.out),
    label: values.label,
    variants: values.variants.split(',') as SdkVariant[],
    phases: new Set(values.phases.split(',')),
    quick: values.quick,
    profile: !values['no-profile'],
    stripeLatency,
    coldFlags: values['cold-flags'].split(' ').filter(Boolean),
  };
}

/** The tree's own modules this bench needs: its stack's handler environment and its routes. */
interface TreeModules {
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

async function loadTree(root: string): Promise<TreeModules> {
  const stack = (await import(path.join(root, 'dev', 'local-stack.ts'))) as Omit<TreeModules, 'routes'>;
  const { routes } = (await import(path.join(root, 'lambdas', 'routes.ts'))) as { routes: RouteDef[] };
  return {
    FIXED_PORTS: stack.FIXED_PORTS,
    handlerEnv: stack.handlerEnv,
    readLocalSecrets: stack.readLocalSecrets,
    routes,
  };
}

function git(root: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => resolve(out.trim()));
    child.on('error', () => resolve(''));
  });
}

// ---- the emulators, in a child process -----------------------------------------------------------

interface Child {
  info: TreeStackInfo;
  ports: number[];
  /** null while it runs; its exit code or signal once it has exited. */
  exitStatus(): number | string | null;
  stop(): Promise<void>;
}

async function startChildStack(root: string, dir: string, tree: TreeModules): Promise<Child> {
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
    const info = await waitFor(
      'the child stack (stack.json)',
      async () => {
        if (exited !== null) throw new Error(`the child exited (${exited}); see ${logFile}`);
        return JSON.parse(await readFile(path.join(dir, 'stack.json'), 'utf8')) as TreeStackInfo;
      },
      180_000,
    );
    return { info, ports, stop, exitStatus: () => exited };
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${await readFile(logFile, 'utf8').catch(() => '')}`);
  }
}

// ---- bundles ------------------------------------------------------------------------------------

/** esbuild's options as CDK runs them (cdk/lib/handler-bundling.ts), with the variant's externals. */
function variantOptions(variant: SdkVariant) {
  return { ...handlerEsbuildOptions(), external: variant === 'runtime' ? ['@aws-sdk/*'] : [] };
}

/** The variant the shared options build today. */
function deployedVariant(): SdkVariant {
  return HANDLER_BUNDLING.externalModules.some((m) => m.startsWith('@aws-sdk/')) ? 'runtime' : 'bundled';
}

type Part = keyof BundleRow['parts'];

/** The part a package belongs to when own code imports it. */
function partOfPackage(input: string): Part {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (!pkg) return 'own';
  if (/^@(aws-sdk|smithy|aws-crypto|aws)\//.test(pkg)) return 'awsSdk';
  if (pkg === 'stripe') return 'stripe';
  return 'otherDeps';
}

/**
 * Each input of a bundle attributed to what brought it in: own code, or the package own code imported
 * (so the SDK's own dependencies, e.g. bowser or mnemonist, count as the SDK). Breadth-first from the
 * entry point; an input reached both ways counts for the nearer importer.
 */
function attribute(metafile: Metafile, entry: string): Map<string, Part> {
  const owner = new Map<string, Part>([[entry, 'own']]);
  const queue = [entry];
  for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
    const from = owner.get(input) ?? 'own';
    for (const imp of metafile.inputs[input]?.imports ?? []) {
      if (imp.external || owner.has(imp.path)) continue;
      owner.set(imp.path, from === 'own' ? partOfPackage(imp.path) : from);
      queue.push(imp.path);
    }
  }
  return owner;
}

/**
 * Every handler of the tree built as CDK builds it, into `outdir` (inside the tree, so that a module
 * left external resolves from the tree's node_modules as the runtime's copy would). One esbuild call.
 */
/** A tree's handler module: its endpoint's folder, or lambdas/handlers/ in trees from before the folders. */
function treeHandlerFile(root: string, handler: string): string {
  const inFolder = path.join(root, 'lambdas', 'endpoints', handler, 'handler.ts');
  return existsSync(inFolder) ? inFolder : path.join(root, 'lambdas', 'handlers', `${handler}.ts`);
}

async function buildBundles(
  root: string,
  handlers: string[],
  variant: SdkVariant,
  outdir: string,
): Promise<{ files: Record<string, string>; rows: BundleRow[] }> {
  const result = await build({
    ...variantOptions(variant),
    entryPoints: handlers.map((h) => ({
      in: treeHandlerFile(root, h),
      out: `${h}/index`,
    })),
    outdir,
    absWorkingDir: root,
    metafile: true,
    logLevel: 'silent',
  });
  const files: Record<string, string> = {};
  const rows: BundleRow[] = [];
  for (const handler of handlers) {
    const js = path.join(outdir, handler, 'index.js');
    files[handler] = js;
    const code = await readFile(js);
    const map = await readFile(`${js}.map`);
    const meta = result.metafile.outputs[path.relative(root, js)];
    const owner = attribute(result.metafile, meta?.entryPoint ?? '');
    const parts = { awsSdk: 0, stripe: 0, otherDeps: 0, own: 0 };
    for (const [input, { bytesInOutput }] of Object.entries(meta?.inputs ?? {}))
      parts[owner.get(input) ?? partOfPackage(input)] += bytesInOutput;
    rows.push({
      handler,
      js: code.length,
      map: map.length,
      zipped: deflateRawSync(code).length + deflateRawSync(map).length,
      parts,
    });
  }
  return { files, rows };
}

/** bench/cold-runner.ts (with bench/own-time.ts) as one plain .cjs for `node`. */
async function buildColdRunner(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'bench', 'cold-runner.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: HANDLER_BUNDLING.target,
    format: 'cjs',
    logLevel: 'error',
  });
}

// ---- the run --------------------------------------------------------------------------------------

interface Endpoint {
  key: string;
  handler: string;
  total: number[];
  own: number[];
  io: number[];
  wait: number[];
  cpu: number[];
  outbound: number[];
  statuses: Map<number, number>;
  /** Per call: requests to each service. */
  calls: Record<Service, number[]>;
  /** Per call in the modeled phase: calls one after another on the critical path, all and Stripe's. */
  serial: number[];
  stripeSerial: number[];
  /** End-to-end latency in the modeled phase (Stripe answering after args.stripeLatency ms). */
  modeled: number[];
}

async function main(): Promise<void> {
  const args = parseCliArgs(process.argv.slice(2));
  const { root } = args;
  const started = performance.now();
  // The SDK warns once per copy (each bundle has one) that this machine's Node is old; Lambda's is not.
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('NodeVersionSupportWarning')) return;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'NodeVersionSupportWarning') return;
    (emitWarning as (...a: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;

  const tree = await loadTree(root);
  const handlers = [...new Set(tree.routes.map((r) => r.handler))];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  // Inside the tree: a bundle that leaves @aws-sdk/* external resolves it from the tree's node_modules.
  const bundleDir = path.join(
    root,
    'node_modules',
    '.cache',
    `stockbench-bench-${randomBytes(4).toString('hex')}`,
  );
  let child: Child | undefined;
  let completed = false;
  let api: { url: string; stop(): Promise<void> } | undefined;
  const clients: { destroy(): void }[] = [];
  try {
    console.log(`[${args.label}] bundling ${handlers.length} handlers of ${root}…`);
    const built: Partial<Record<SdkVariant, Awaited<ReturnType<typeof buildBundles>>>> = {};
    const variants = [...new Set<SdkVariant>([deployedVariant(), ...args.variants])];
    for (const v of variants) built[v] = await buildBundles(root, handlers, v, path.join(bundleDir, v));
    const runner = path.join(dir, 'cold-runner.cjs');
    await buildColdRunner(runner);

    console.log(`[${args.label}] starting the tree's emulators in a child process (state in ${dir})…`);
    child = await startChildStack(root, dir, tree);
    const { info } = child;
    console.log(`  up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const secrets = await tree.readLocalSecrets(dir);
    const env = tree.handlerEnv(info, dir, secrets);
    if (info.adminCredentials) {
      // See the header: the admin's keys pass the IAM gate for every handler.
      env.AWS_ACCESS_KEY_ID = info.adminCredentials.accessKeyId;
      env.AWS_SECRET_ACCESS_KEY = info.adminCredentials.secretAccessKey;
    }
    env.AWS_ACCESS_KEY_ID ??= 'local';
    env.AWS_SECRET_ACCESS_KEY ??= 'local';
    delete process.env.AWS_SESSION_TOKEN;

    // One module per handler for the API server, each handing its calls to bench/dispatch.ts.
    const handlersDir = path.join(dir, 'handlers');
    await mkdir(handlersDir, { recursive: true });
    for (const h of handlers) {
      await writeFile(
        path.join(handlersDir, `${h}.ts`),
        `import { dispatcher } from ${JSON.stringify(path.join(ROOT, 'bench', 'dispatch'))};\n` +
          `export const handler = dispatcher(${JSON.stringify(h)});\n`,
      );
    }
    const issuer = `${info.cognitoEndpoint}/${info.userPoolId}`; // as dev/cognito sets it
    api = await startApiServer({
      jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, audience: info.clientId },
      env,
      port: await freePort(),
      handlersDir,
      routes: tree.routes,
      isolation: 'in-process',
    });
    const apiBase = `${api.url}/api`;

    const stripe = new Stripe(env.STRIPE_SECRET_KEY || 'sk_test_local', {
      host: '127.0.0.1',
      port: Number(new URL(info.stripeApi).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    // The Cognito emulator itself (not the gate): the bench's own user setup.
    const cognito = new CognitoIdentityProviderClient({
      region: info.region,
      endpoint: info.cognitoEndpoint,
      credentials: info.adminCredentials ?? { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    clients.push(cognito);

    /** An ID token of the user (also after the BFF ended their sessions: a new sign-in is accepted). */
    const signIn = async (email: string, password: string) => {
      const auth = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: info.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = auth.AuthenticationResult?.IdToken ?? '';
      return { token, uid: String(decodeJwt(token).sub) };
    };
    const newUser = async (name: string) => {
      const email = `bench-${name}-${Date.now()}-${randomBytes(2).toString('hex')}@example.com`;
      const password = 'Passw0rd!long';
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: info.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: info.userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
      const { token, uid } = await signIn(email, password);
      return { email, password, token, uid };
    };
    type User = Awaited<ReturnType<typeof newUser>>;

    // ---- the cold phase's runner: a fresh node per call, with the handler's environment only.
    let coldVariant: SdkVariant = deployedVariant();
    let coldSeq = 0;
    const coldInvoke: ColdInvoke = async (handler, bundle, event, context) => {
      const seq = coldSeq++;
      const job = path.join(dir, `cold-${seq}.json`);
      const resultFile = path.join(dir, `cold-${seq}.out.json`);
      await writeFile(job, JSON.stringify({ bundle, event, context, resultFile }));
      const t0 = performance.now();
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const p = spawn(process.execPath, [...args.coldFlags, runner, job], {
          env: {
            PATH: process.env.PATH,
            ...env,
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
      return { result, sample: { handler, variant: coldVariant, ...timing, process: processMs } };
    };

    // Every request goes through here (fetch, not node:http, so the client is never counted as
    // outbound I/O). Recorded only in the warm phase after warm-up.
    const endpoints = new Map<string, Endpoint>();
    const coldSamples: ColdSample[] = [];
    /** 'timed': the warm phase's samples; 'modeled': the modeled phase's (Stripe slowed down). */
    let recording: false | 'timed' | 'modeled' = false;
    let phase: 'warm' | 'cold' = 'warm';
    let requests = 0;
    // By handler name: its route (method, path) comes from the tree's table; params go into the query
    // string of a GET and into the JSON body otherwise (routes change method between trees).
    const call = async (
      handler: string,
      opts: {
        user?: User;
        params?: Record<string, unknown>;
        raw?: string;
        headers?: Record<string, string>;
        expect?: number[];
      } = {},
    ) => {
      const def = tree.routes.find((r) => r.handler === handler);
      if (!def) throw new Error(`no route for ${handler}`);
      const { method } = def;
      const route = def.path.replace(/^\/api\//, '');
      const url = new URL(`${apiBase}/${route}`);
      const { params } = opts;
      if (method === 'GET')
        for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, String(v));
      const body =
        opts.raw ?? (method === 'GET' || params === undefined ? undefined : JSON.stringify(params));
      if (outboundInFlight() !== 0) throw new Error('an outbound request is in flight between requests');
      takeSamples();
      takeColdSamples();
      const t0 = performance.now();
      const res = await fetch(url, {
        method,
        headers: {
          ...(opts.user ? { authorization: `Bearer ${opts.user.token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        body,
      });
      const text = await res.text();
      const total = performance.now() - t0;
      const samples: OwnSample[] = takeSamples();
      const cold = takeColdSamples();
      const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      if (!(opts.expect ?? [200]).includes(res.status)) {
        throw new Error(`${method} /api/${route} answered ${res.status}: ${text.slice(0, 300)}`);
      }
      if (phase === 'cold') {
        if (cold.length !== 1 || cold[0]?.handler !== def.handler)
          throw new Error(
            `${method} /api/${route}: expected one cold call of ${def.handler}, got ${cold.length}`,
          );
        coldSamples.push(cold[0]);
        return json;
      }
      const sample = samples[0];
      if (samples.length !== 1 || sample?.handler !== def.handler) {
        throw new Error(
          `${method} /api/${route}: expected one timed call of ${def.handler}, got ${samples.length}`,
        );
      }
      // The interception must see the SDKs' requests: a handler that calls AWS or Stripe and shows
      // none would have its waits counted as its own time.
      if (!NO_CALLS_WHEN_WARM.has(def.handler) && sample.outbound === 0) {
        throw new Error(`${method} /api/${route}: no outbound request seen (is request() intercepted?)`);
      }
      if (recording) {
        const key = `${method} /api/${route}`;
        let e = endpoints.get(key);
        if (!e) {
          e = {
            key,
            handler: def.handler,
            total: [],
            own: [],
            io: [],
            wait: [],
            cpu: [],
            outbound: [],
            statuses: new Map(),
            calls: Object.fromEntries(SERVICES.map((s) => [s, []])) as unknown as Endpoint['calls'],
            serial: [],
            stripeSerial: [],
            modeled: [],
          };
          endpoints.set(key, e);
        }
        if (recording === 'modeled') {
          e.modeled.push(total);
          e.serial.push(serialDepth(sample.calls));
          e.stripeSerial.push(serialDepth(sample.calls.filter((c) => c.service === 'stripe')));
        } else {
          requests++;
          e.total.push(total);
          e.own.push(sample.own);
          e.io.push(sample.io);
          e.wait.push(sample.wait);
          e.cpu.push(sample.cpu);
          e.outbound.push(sample.outbound);
          e.statuses.set(res.status, (e.statuses.get(res.status) ?? 0) + 1);
          for (const service of SERVICES)
            e.calls[service].push(sample.calls.filter((c) => c.service === service).length);
        }
      }
      return json;
    };

    // The site sends an Idempotency-Key with every user action (trees before it ignore the header).
    const idempotency = () => ({ 'idempotency-key': `bench-${randomBytes(12).toString('hex')}` });
    const has = (handler: string) => tree.routes.some((r) => r.handler === handler);

    // ---- users: A subscribes (3 licenses); the scenarios make their own users as they go.
    setPhase('warm', built[deployedVariant()]?.files ?? {});
    const a = await newUser('a');
    const checkout = async (u: User, count: number, card = 'pm_card_visa') => {
      const setup = await call('setup-checkout', {
        user: u,
        params: { uid: u.uid, email: u.email, count },
        headers: idempotency(),
      });
      // What the checkout page asks before it shows the card form (trees that have it), and the terms
      // it records as Pay is selected.
      if (has('checkout-info')) await call('checkout-info', { user: u, params: { sec: setup.sec } });
      if (has('accept-terms')) {
        await call('accept-terms', {
          user: u,
          params: { subscriptionId: setup.subscriptionId, version: TERMS_VERSION },
        });
      }
      const pi = await stripe.paymentIntents.confirm(String(setup.sec).split('_secret_')[0] ?? '', {
        payment_method: card,
      });
      const pmid = String(pi.payment_method);
      await call('complete-checkout', { user: u, params: { uid: u.uid, pmid } });
      return { customerId: String(setup.customerId), subscriptionId: String(setup.subscriptionId), pmid };
    };
    const keysOf = async (u: User) =>
      ((await call('get-licenses', { user: u, params: { uid: u.uid } })).licenses as { key: string }[]).map(
        (l) => l.key,
      );
    // Three licenses: A validates the first, gives the second to a person (get-held-licenses), and new
    // installations take places on the third.
    const subA = await checkout(a, 3);
    const licensesA = await keysOf(a);
    const holder = await newUser('holder');
    if (has('assign-license') && has('get-held-licenses')) {
      await call('assign-license', {
        user: a,
        params: {
          customerId: subA.customerId,
          subscriptionId: subA.subscriptionId,
          licenseKey: licensesA[1] ?? '',
          email: holder.email,
        },
        headers: idempotency(),
      });
    }

    // --quick (npm test runs it): a round or two of each scenario, enough to fail when a route is missing.
    const scale = args.quick ? 0.02 : 1;
    const ctx: BenchContext = {
      call,
      has,
      newUser,
      signIn,
      checkout,
      keysOf,
      idempotency,
      roundsOf: (full) => Math.max(1, Math.round(full * scale)),
      scale,
      phase: () => phase,
      a,
      subA,
      licensesA,
      holder,
      machineOf: (id) => ({ id, name: `Bench ${id}`, platform: 'windows', appVersion: '5.2.0' }),
      // Trees with machines take the installation validate-license is called from.
      machines: has('get-machines'),
      stripe,
      stripeWebhookSecret: secrets.stripeWebhookSecret,
      cognito,
      userPoolId: info.userPoolId,
      outbox: info.outbox,
      handlerSource: (handler) => readFile(treeHandlerFile(root, handler), 'utf8'),
    };
    const scenarios = await scenariosOf(ctx);

    let joseVerifies: boolean | undefined;
    let profile: ProfileSummary | undefined;
    /** Set once the modeled phase ran. */
    let modeledStripeMs: number | undefined;
    /** POST /_emulator/latency; false when the tree's emulator has no such setting. */
    const setStripeLatency = async (ms: number): Promise<boolean> => {
      const res = await fetch(`${info.stripeApi}/_emulator/latency`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
      });
      await res.text();
      return res.ok;
    };
    if (args.phases.has('warm')) {
      // Warm-up: each scenario five times (once with --quick; module load, keep-alive sockets, JIT), unrecorded.
      console.log(`[${args.label}] warming up (${deployedVariant()} bundles, in-process)…`);
      for (const s of scenarios) for (let i = 0; i < (args.quick ? 1 : 5); i++) await s.run(-1 - i);
      recording = 'timed';
      console.log(`[${args.label}] measuring…`);
      for (const s of scenarios) {
        const t0 = performance.now();
        for (let i = 0; i < s.rounds; i++) await s.run(i);
        console.log(`  ${s.name}: ${s.rounds} rounds in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      recording = false;
      if (args.phases.has('modeled')) {
        // Stripe as in production: every API answer after args.stripeLatency ms (the emulator's
        // latency setting); DynamoDB, Cognito and SES still answer in about a millisecond here.
        const rounds = args.quick ? 1 : MODELED_ROUNDS;
        if (await setStripeLatency(args.stripeLatency)) {
          console.log(
            `[${args.label}] modeled: Stripe at ${args.stripeLatency} ms, every scenario ${rounds} times…`,
          );
          recording = 'modeled';
          try {
            for (const s of scenarios) for (let i = 0; i < rounds; i++) await s.run(i);
          } finally {
            recording = false;
            await setStripeLatency(0);
          }
          modeledStripeMs = args.stripeLatency;
        } else {
          console.warn(`  this tree's Stripe emulator has no latency setting: no modeled phase`);
        }
      }
      if (args.profile) {
        // Once more at a fifth of the rounds with the CPU profiler on (not part of the timings above).
        console.log(`[${args.label}] profiling a pass at 1/5 of the rounds…`);
        recordWindows(true);
        const stop = await startProfile();
        for (const s of scenarios)
          for (let i = 0; i < Math.max(3, Math.round(s.rounds / 5)); i++) await s.run(i);
        // Frames name the real path (the baseline worktree's node_modules is a symlink).
        const realBundleDir = await realpath(bundleDir);
        profile = summarize(
          await stop(),
          (file) => file.startsWith(`${realBundleDir}${path.sep}`),
          recordWindows(false),
        );
        const calls = Object.values(profile.perHandler).reduce((n, h) => n + h.calls, 0);
        const per = (x: number) => `${(x / calls).toFixed(3)} ms/call`;
        console.log(`  ${per(profile.handlerMs)} in handler bundles; ${per(profile.gcMs)} GC (any code)`);
        for (const [category, total] of profile.byCategory) console.log(`    ${per(total)}  ${category}`);
      }
      const missing = tree.routes.filter(
        (r) =>
          !endpoints.has(`${r.method} ${r.path}`) ||
          (modeledStripeMs !== undefined && !endpoints.get(`${r.method} ${r.path}`)?.modeled.length),
      );
      if (missing.length) throw new Error(`endpoints not measured: ${missing.map((r) => r.path).join(', ')}`);

      // Cross-check: the license statement verifies with jose, an independent JOSE implementation.
      const { jwtVerify, importJWK } = await import('jose');
      const v = await call('validate-license', {
        user: a,
        params: ctx.machines
          ? { key: licensesA[0], machine: ctx.machineOf('bench-machine-a1') }
          : { key: licensesA[0] },
      });
      const pub = await call('license-public-key');
      const jwk = (pub.keys as Record<string, string>[])[0] ?? {};
      const verified = await jwtVerify(String(v.token), await importJWK(jwk, 'EdDSA'), {
        issuer: 'stockbench-license',
      });
      joseVerifies = verified.payload.sub === a.uid;
    }

    const cold: TreeResult['cold'] = {};
    if (args.phases.has('cold')) {
      const rounds = args.quick ? 2 : 7;
      for (const v of variants) {
        const files = built[v]?.files;
        if (!files) continue;
        coldVariant = v;
        phase = 'cold';
        setPhase('cold', files, coldInvoke);
        console.log(
          `[${args.label}] cold starts, ${v} bundles: every scenario ${rounds} times, a fresh node per call…`,
        );
        coldSamples.length = 0;
        const t0 = performance.now();
        for (let i = 0; i < rounds; i++) for (const s of scenarios) await s.run(1000 + i);
        console.log(
          `  ${coldSamples.length} cold calls in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
        cold[v] = handlers.map((handler) => {
          const xs = coldSamples.filter((c) => c.handler === handler);
          if (!NO_CALLS_WHEN_WARM.has(handler) && xs.some((x) => x.outbound === 0))
            throw new Error(`cold ${handler}: a first invocation without outbound requests`);
          return {
            handler,
            n: xs.length,
            boot: median(xs.map((x) => x.boot)),
            load: median(xs.map((x) => x.load)),
            first: median(xs.map((x) => x.first)),
            firstOwn: median(xs.map((x) => x.firstOwn)),
            initOwn: median(xs.map((x) => x.load + x.firstOwn)),
            outbound: mean(xs.map((x) => x.outbound)),
            process: median(xs.map((x) => x.process)),
          };
        });
      }
    }

    const result: TreeResult = {
      label: args.label,
      root,
      commit: await git(root, ['rev-parse', '--short', 'HEAD']),
      date: new Date().toISOString(),
      node: process.version,
      loadavg: os.loadavg(),
      requests,
      deployedVariant: deployedVariant(),
      externals: { bundled: variantOptions('bundled').external, runtime: variantOptions('runtime').external },
      endpoints: tree.routes
        .map((r) => endpoints.get(`${r.method} ${r.path}`))
        .filter((e): e is Endpoint => e !== undefined)
        .map((e) => ({
          endpoint: e.key.replace(' /api/', ' '),
          handler: e.handler,
          n: e.total.length,
          totalP50: pct(e.total, 50),
          totalP95: pct(e.total, 95),
          ownP50: pct(e.own, 50),
          ownP95: pct(e.own, 95),
          cpuP50: pct(e.cpu, 50),
          cpuP95: pct(e.cpu, 95),
          emulatorP50: pct(e.io, 50),
          waitP50: pct(e.wait, 50),
          waitP95: pct(e.wait, 95),
          outbound: mean(e.outbound),
          statuses: Object.fromEntries(e.statuses),
          calls: Object.fromEntries(SERVICES.map((sv) => [sv, mean(e.calls[sv])])) as EndpointRow['calls'],
          serialP50: e.serial.length ? median(e.serial) : undefined,
          stripeSerialP50: e.stripeSerial.length ? median(e.stripeSerial) : undefined,
          modeledN: e.modeled.length,
          modeledP50: e.modeled.length ? pct(e.modeled, 50) : undefined,
          modeledP95: e.modeled.length ? pct(e.modeled, 95) : undefined,
        })),
      modeledStripeMs,
      bundles: Object.fromEntries(variants.map((v) => [v, built[v]?.rows ?? []])),
      cold,
      checkedOutbound: handlers.filter((h) => !NO_CALLS_WHEN_WARM.has(h)),
      joseVerifies,
      ...(profile && { profile }),
    };
    await mkdir(path.dirname(args.out), { recursive: true });
    await writeFile(args.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`[${args.label}] done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    completed = true;
  } finally {
    setPhase('warm', {});
    for (const c of clients) c.destroy();
    await api?.stop();
    if (child && !completed) {
      // Keep the emulators' log for the failure (the state directory goes below).
      const exited = child.exitStatus();
      const kept = args.out.replace(/\.json$/, '-stack.log');
      await copyFile(path.join(dir, 'stack.log'), kept).catch(() => undefined);
      console.error(
        `[${args.label}] failed; the emulators' process ${exited === null ? 'was still running' : `had exited (${exited})`}; its log: ${kept}`,
      );
    }
    if (child) {
      await child.stop();
      const open: number[] = [];
      for (const port of child.ports) if (await isPortOpen(port)) open.push(port);
      if (open.length) {
        const kept = args.out.replace(/\.json$/, '-stack.log');
        await copyFile(path.join(dir, 'stack.log'), kept).catch(() => undefined);
        console.error(
          `WARNING: ports still open after stopping the child: ${open.join(', ')} (its log: ${kept})`,
        );
      }
    }
    await rm(dir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
