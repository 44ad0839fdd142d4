// npm run bench:api: per endpoint, latency through the local API server (p50/p95 over a few hundred
// requests), the handler's own time without emulator I/O (p50/p95), and each handler's minified
// bundle size as CDK deploys it.
//
// Two processes, so the handler timings are not polluted by emulator CPU:
// - a child `tsx dev/start.ts --no-site --no-webhooks` (LOCAL_DIR = a temp dir, every port free) runs
//   dynalite, cognito-local and its proxy, the Stripe emulator and the outbox. The emulator delivers
//   no webhooks: in production each delivery runs in a Lambda instance of its own, but here it would
//   compete for this machine's two cores with the handler being timed. The webhook handler is timed
//   with real events the bench sends itself;
// - this process sets process.env exactly as the stack sets it for handlers (handlerEnv) and serves
//   the API with startApiServer; it does nothing else, one request at a time.
// Own time (bench/own-time.ts): each handler is wrapped; its wall time minus the time with an
// outbound node:http(s) request in flight (lambdas/lib/outbound.ts sends every Stripe and AWS call
// with request()).

// First: installs the request() accounting before anything captures http.request.
import { outboundInFlight, takeSamples, type OwnSample } from './own-time';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build, type BuildOptions } from 'esbuild';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import Stripe from 'stripe';
import { startApiServer } from '../dev/api-server';
import { ensureVerifiedUser } from '../dev/cognito/setup';
import { FIXED_PORTS, handlerEnv, readLocalSecrets } from '../dev/local-stack';
import { readOutbox } from '../dev/outbox';
import { freePort, isPortOpen, waitFor } from '../dev/ports';
import { readStackInfo, type StackInfo } from '../dev/stack-info';
import { routes } from '../lambdas/routes';

const ROOT = path.join(__dirname, '..');
const TASKSET = '/usr/bin/taskset';
/** Spread over one subscriber per 10 rounds. */
const ADD_REMOVE_ROUNDS = 150;
const TARGET_OWN_P95_MS = 5;
const TARGET_BUNDLE_BYTES = 300 * 1024;

// ---- helpers ------------------------------------------------------------------------------------

const pct = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  // Nearest rank.
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
const ms = (n: number, w = 8): string => (Number.isFinite(n) ? n.toFixed(2) : '-').padStart(w);
const kb = (n: number, w = 8): string => (n / 1024).toFixed(1).padStart(w);

/** Pairs of key and value, typed (Object.entries loses the key type). */
const entries = <K extends string, V>(o: Record<K, V>): [K, V][] => Object.entries(o) as [K, V][];

// ---- the emulators, in a child process -----------------------------------------------------------

interface Child {
  info: StackInfo;
  ports: number[];
  stop(): Promise<void>;
}

async function startChildStack(dir: string): Promise<Child> {
  const ports: number[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DIR: dir };
  for (const [, [envName]] of entries(FIXED_PORTS)) {
    let port = await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
    env[envName] = String(port);
  }
  const logFile = path.join(dir, 'stack.log');
  const fd = openSync(logFile, 'a');
  // The local tsx binary rather than npx: one process fewer between us and the signal. With taskset
  // (util-linux; it execs, so the pid stays tsx's) the emulators keep to the last CPU, so their work
  // after answering never takes the core the handler being timed runs on.
  const command = [
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
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
    cwd: ROOT,
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
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exit;
      clearTimeout(timer);
    }
  };
  try {
    const info = await waitFor(
      'the child stack (stack.json)',
      async () => {
        if (exited !== null) throw new Error(`the child exited (${exited}); see ${logFile}`);
        return readStackInfo(dir);
      },
      180_000,
    );
    return { info, ports, stop };
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${await readFile(logFile, 'utf8').catch(() => '')}`);
  }
}

// ---- handlers wrapped for timing -------------------------------------------------------------------

/** One module per handler, re-exporting it wrapped by timed(), for startApiServer's handlersDir. */
async function writeTimedHandlers(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const ownTime = path.join(ROOT, 'bench', 'own-time');
  for (const r of routes) {
    const source = [
      `import { handler as inner } from ${JSON.stringify(path.join(ROOT, 'lambdas', 'handlers', r.handler))};`,
      `import { timed } from ${JSON.stringify(ownTime)};`,
      `export const handler = timed(${JSON.stringify(r.handler)}, inner);`,
      '',
    ].join('\n');
    await writeFile(path.join(dir, `${r.handler}.ts`), source);
  }
}

// ---- bundle sizes --------------------------------------------------------------------------------

/** What CDK's NodejsFunction runs (cdk/lib/node-function.ts): esbuild --bundle with these. */
const CDK_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
};

interface BundleRow {
  handler: string;
  /** index.js bytes as CDK builds it (everything bundled; the handlers use no SDK). */
  js: number;
  /** index.js.map bytes of that build (also in the asset, not loaded unless an error is logged). */
  map: number;
}

async function bundleSize(entry: string): Promise<{ js: number; map: number }> {
  const res = await build({
    ...CDK_OPTIONS,
    entryPoints: [entry],
    outfile: '/virtual/index.js',
    write: false,
    logLevel: 'silent',
  });
  const js = res.outputFiles.find((f) => f.path.endsWith('.js'));
  const map = res.outputFiles.find((f) => f.path.endsWith('.map'));
  return { js: js?.contents.length ?? 0, map: map?.contents.length ?? 0 };
}

async function bundleSizes(): Promise<BundleRow[]> {
  const handlers = [...new Set(routes.map((r) => r.handler))];
  const out: BundleRow[] = [];
  for (const handler of handlers) {
    const entry = path.join(ROOT, 'lambdas', 'handlers', `${handler}.ts`);
    out.push({ handler, ...(await bundleSize(entry)) });
  }
  return out;
}

// ---- the requests --------------------------------------------------------------------------------

interface Endpoint {
  key: string;
  handler: string;
  total: number[];
  own: number[];
  io: number[];
  cpu: number[];
  outbound: number[];
  statuses: Map<number, number>;
}

async function main(): Promise<void> {
  const started = performance.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
  let child: Child | undefined;
  let api: { url: string; port: number; stop(): Promise<void> } | undefined;
  const cognitoClients: CognitoIdentityProviderClient[] = [];
  try {
    console.log(`Starting the emulators in a child process (state in ${dir})…`);
    child = await startChildStack(dir);
    const { info } = child;
    console.log(`  up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // This process: the handler environment of the stack, and the API with timed handlers.
    const secrets = await readLocalSecrets(dir);
    const env = handlerEnv(info, dir, secrets);
    Object.assign(process.env, env);
    const handlersDir = path.join(dir, 'timed-handlers');
    await writeTimedHandlers(handlersDir);
    const issuer = `${info.cognitoEndpoint}/${info.userPoolId}`; // as dev/cognito/index.ts sets it
    api = await startApiServer({
      jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, audience: info.clientId },
      env,
      port: await freePort(),
      handlersDir,
    });
    const apiBase = `${api.url}/api`;

    const stripePort = Number(new URL(info.stripeApi).port);
    const stripe = new Stripe(env.STRIPE_SECRET_KEY ?? '', {
      host: '127.0.0.1',
      port: stripePort,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const cognito = new CognitoIdentityProviderClient({
      region: info.region,
      endpoint: info.cognitoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    cognitoClients.push(cognito);

    const newUser = async (name: string) => {
      const email = `bench-${name}-${Date.now()}@example.com`;
      const password = 'Passw0rd!long';
      await ensureVerifiedUser(info.cognitoEndpoint, info.userPoolId, email, password);
      const auth = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: info.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const token = auth.AuthenticationResult?.IdToken ?? '';
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
      };
      return { email, password, token, uid: claims.sub };
    };
    type User = Awaited<ReturnType<typeof newUser>>;

    // Every request goes through here (fetch, not node:http, so the client is never counted as
    // outbound I/O). warming: not recorded.
    const endpoints = new Map<string, Endpoint>();
    let warming = true;
    let requests = 0;
    const call = async (
      method: string,
      route: string,
      opts: {
        user?: User;
        body?: unknown;
        raw?: string;
        query?: Record<string, string>;
        headers?: Record<string, string>;
        expect?: number[];
      } = {},
    ) => {
      const def = routes.find((r) => r.method === method && r.path === `/api/${route}`);
      if (!def) throw new Error(`no route ${method} /api/${route}`);
      const url = new URL(`${apiBase}/${route}`);
      for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
      const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      if (outboundInFlight() !== 0) throw new Error('an outbound request is in flight between requests');
      takeSamples();
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
      const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      if (!(opts.expect ?? [200]).includes(res.status)) {
        throw new Error(`${method} /api/${route} answered ${res.status}: ${text.slice(0, 300)}`);
      }
      if (samples.length !== 1 || samples[0]?.handler !== def.handler) {
        throw new Error(
          `${method} /api/${route}: expected one timed call of ${def.handler}, got ${samples.length}`,
        );
      }
      const sample = samples[0];
      if (!warming) {
        requests++;
        const key = `${method} /api/${route}`;
        let e = endpoints.get(key);
        if (!e) {
          e = {
            key,
            handler: def.handler,
            total: [],
            own: [],
            io: [],
            cpu: [],
            outbound: [],
            statuses: new Map(),
          };
          endpoints.set(key, e);
        }
        e.total.push(total);
        e.own.push(sample.own);
        e.io.push(sample.io);
        e.cpu.push(sample.cpu);
        e.outbound.push(sample.outbound);
        e.statuses.set(res.status, (e.statuses.get(res.status) ?? 0) + 1);
      }
      return json;
    };

    // ---- users: A subscribes (2 licenses); B goes through checkout and deletion again and again.
    const a = await newUser('a');

    const checkout = async (u: User, count: number) => {
      const setup = await call('POST', 'setup-checkout', {
        user: u,
        body: { uid: u.uid, email: u.email, count },
      });
      const pi = await stripe.paymentIntents.confirm(String(setup.sec).split('_secret_')[0] ?? '', {
        payment_method: 'pm_card_visa',
      });
      const pmid = String(pi.payment_method);
      await call('GET', 'complete-checkout', { user: u, query: { uid: u.uid, pmid } });
      return { customerId: String(setup.customerId), subscriptionId: String(setup.subscriptionId), pmid };
    };
    const subA = await checkout(a, 2);
    const licensesA = (await call('GET', 'get-licenses', { user: a, query: { uid: a.uid } })).licenses as {
      key: string;
    }[];
    const keyA = licensesA[0]?.key ?? '';

    // Webhooks: a real invoice.paid event of A's subscription, under a fresh id each time (so the
    // handler does the whole sync rather than answering "duplicate"), signed with the stack's secret.
    const events = await stripe.events.list({ limit: 100, type: 'invoice.paid' });
    const paid = events.data.find((e) => JSON.stringify(e.data.object).includes(subA.subscriptionId));
    if (!paid) throw new Error(`no invoice.paid event for ${subA.subscriptionId}`);
    let webhookSeq = 0;
    const webhook = () => {
      const payload = JSON.stringify({ ...paid, id: `${paid.id}_bench_${webhookSeq++}` });
      const sig = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: env.STRIPE_WEBHOOK_SECRET ?? '',
      });
      return call('POST', 'stripe-webhook', { raw: payload, headers: { 'stripe-signature': sig } });
    };

    // Subscribers who add and remove licenses in turn (A's own licenses stay as the reads found them).
    const adders: { user: User; sub: Awaited<ReturnType<typeof checkout>> }[] = [];
    for (let i = 0; i < ADD_REMOVE_ROUNDS / 10; i++) {
      const user = await newUser(`adder${i}`);
      adders.push({ user, sub: await checkout(user, 1) });
    }

    const scenarios: { name: string; rounds: number; run(i: number): Promise<void> }[] = [
      {
        name: 'reads',
        rounds: 200,
        run: async (i) => {
          await call('GET', 'health');
          await call('GET', 'license-public-key');
          await call('GET', 'get-licenses', { user: a, query: { uid: a.uid } });
          await call('GET', 'get-subscriptions', { user: a, query: { uid: a.uid } });
          await call('POST', 'validate-license', { user: a, body: { key: keyA } });
          if (i % 3 !== 2) await call('GET', 'quote-licenses', { user: a, query: { count: '1' } });
        },
      },
      {
        name: 'update-card',
        rounds: 150,
        run: async () => {
          await call('PUT', 'update-card', {
            user: a,
            body: { subscriptionId: subA.subscriptionId, paymentMethodId: subA.pmid },
          });
        },
      },
      {
        // Add 2 then remove 1, taking turns among subscribers so that nobody's license list grows
        // past what a real account has (each ends with about 12). The quantity only ever grows, but
        // Stripe idempotency keys name the latest invoice too, so a repeated step would be safe.
        name: 'add 2 licenses then remove 1',
        rounds: ADD_REMOVE_ROUNDS,
        run: async (i) => {
          const { user, sub } = adders[((i % adders.length) + adders.length) % adders.length] ?? {
            user: a,
            sub: subA,
          };
          const renewingOf = (body: Record<string, unknown>) =>
            (body.licenses as { key: string; expirationDate: string }[]).filter(
              (l) => l.expirationDate === 'NONE',
            );
          const added = await call('PUT', 'add-licenses', {
            user,
            body: { customerId: sub.customerId, subscriptionId: sub.subscriptionId, count: 2 },
          });
          const renewing = renewingOf(added);
          const last = renewing[renewing.length - 1];
          if (!last || renewing.length !== Number(added.quantity))
            throw new Error(
              `add-licenses: renewing licenses do not match the quantity: ${JSON.stringify(added)}`,
            );
          await call('PUT', 'remove-licenses', {
            user,
            body: {
              customerId: sub.customerId,
              subscriptionId: sub.subscriptionId,
              licenseKeys: [last.key],
            },
          });
        },
      },
      { name: 'stripe-webhook', rounds: 200, run: () => webhook().then(() => undefined) },
      {
        // A new user each round, as in the product (delete-customer precedes deleting the Cognito
        // user): Stripe idempotency keys are derived from the uid (customer:<uid>), so the same user
        // buying again would be answered with the deleted customer.
        name: 'new user: checkout then delete-customer',
        rounds: 100,
        run: async (i) => {
          const u = await newUser(`b${i + 2}`);
          await checkout(u, 1);
          await call('POST', 'delete-customer', { user: u, body: { uid: u.uid } });
        },
      },
      {
        name: 'update-email then recover it',
        rounds: 100,
        run: async (i) => {
          const newEmail = `bench-a-new-${i}-${Date.now()}@example.com`;
          await call('PUT', 'update-email', {
            user: a,
            body: { uid: a.uid, oldEmail: a.email, newEmail, currentPassword: a.password },
          });
          const mail = (await readOutbox(env.OUTBOX_DIR ?? '', a.email)).find((m) =>
            m.text.includes(newEmail),
          );
          const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
          if (!code) throw new Error(`no recovery mail to ${a.email}`);
          await call('GET', 'email-recovery', { query: { code } });
          await call('POST', 'email-recovery', { body: { code } });
        },
      },
    ];

    // Warm-up: each scenario five times (module load, keep-alive sockets, JIT), unrecorded.
    console.log('Warming up…');
    for (const s of scenarios) for (let i = 0; i < 5; i++) await s.run(-1 - i);
    warming = false;
    console.log('Measuring…');
    for (const s of scenarios) {
      const t0 = performance.now();
      for (let i = 0; i < s.rounds; i++) await s.run(i);
      console.log(`  ${s.name}: ${s.rounds} rounds in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const missing = routes.filter((r) => !endpoints.has(`${r.method} ${r.path}`));
    if (missing.length) throw new Error(`endpoints not measured: ${missing.map((r) => r.path).join(', ')}`);

    // Cross-check: the license statement verifies with jose, an independent JOSE implementation.
    const { jwtVerify, importJWK } = await import('jose');
    warming = true;
    const v = await call('POST', 'validate-license', { user: a, body: { key: keyA } });
    const pub = await call('GET', 'license-public-key');
    const jwk = (pub.keys as Record<string, string>[])[0] ?? {};
    const verified = await jwtVerify(String(v.token), await importJWK(jwk, 'EdDSA'), {
      issuer: 'stockbench-license',
    });

    console.log('Bundling each handler…');
    const bundles = await bundleSizes();

    // ---- report
    const rows = routes.map((r) => {
      const e = endpoints.get(`${r.method} ${r.path}`) as Endpoint;
      return {
        endpoint: `${r.method} ${r.path.replace('/api/', '')}`,
        handler: r.handler,
        n: e.total.length,
        totalP50: pct(e.total, 50),
        totalP95: pct(e.total, 95),
        ownP50: pct(e.own, 50),
        ownP95: pct(e.own, 95),
        cpuP50: pct(e.cpu, 50),
        cpuP95: pct(e.cpu, 95),
        emulatorP50: pct(e.io, 50),
        outbound: e.outbound.reduce((s, x) => s + x, 0) / e.outbound.length,
        statuses: Object.fromEntries(e.statuses),
      };
    });
    console.log(
      `\nAPI through the local API server: ${requests} requests, one at a time, emulators in another process (ms)`,
    );
    console.log(
      `${'endpoint'.padEnd(26)}${'n'.padStart(4)}${'total p50'.padStart(10)}${'total p95'.padStart(10)}` +
        `${'own p50'.padStart(9)}${'own p95'.padStart(9)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}${'emul p50'.padStart(10)}${'calls'.padStart(7)}  statuses`,
    );
    for (const r of rows) {
      console.log(
        `${r.endpoint.padEnd(26)}${String(r.n).padStart(4)}${ms(r.totalP50, 10)}${ms(r.totalP95, 10)}` +
          `${ms(r.ownP50, 9)}${ms(r.ownP95, 9)}${ms(r.cpuP50, 9)}${ms(r.cpuP95, 9)}${ms(r.emulatorP50, 10)}${r.outbound.toFixed(1).padStart(7)}  ` +
          Object.entries(r.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
      );
    }
    console.log(
      '  total: client-side, through HTTP, the JWT authorizer, the handler and the emulators; own (the\n' +
        '  target): the handler alone minus the time an outbound request or an outbox write was in\n' +
        '  flight; cpu: CPU time of this whole process during the handler, all threads (V8 compiles and\n' +
        '  collects garbage on threads of its own, so this exceeds own); emul: the time an outbound\n' +
        '  request or outbox write was in flight; calls: outbound HTTP requests per invocation.',
    );

    console.log('\nHandler bundles (esbuild as CDK runs it: node20, cjs, minified, everything bundled; KB)');
    console.log(`${'handler'.padEnd(22)}${'index.js'.padStart(10)}${'.map'.padStart(9)}`);
    for (const b of bundles) console.log(`${b.handler.padEnd(22)}${kb(b.js, 10)}${kb(b.map, 9)}`);
    console.log(`${'largest'.padEnd(22)}${kb(Math.max(...bundles.map((b) => b.js)), 10)}`);

    console.log(
      `\njose verifies the license statement: sub ${verified.payload.sub === a.uid ? 'matches' : 'DIFFERS'}`,
    );

    const missed: string[] = [];
    for (const r of rows) {
      if (r.ownP95 >= TARGET_OWN_P95_MS)
        missed.push(
          `own p95 of ${r.endpoint} is ${r.ownP95.toFixed(2)} ms (target < ${TARGET_OWN_P95_MS} ms)`,
        );
    }
    for (const b of bundles) {
      if (b.js >= TARGET_BUNDLE_BYTES)
        missed.push(`bundle of ${b.handler} is ${kb(b.js, 0)} KB (target < 300 KB)`);
    }
    console.log(missed.length ? '' : '\nEvery target met.');
    for (const m of missed) console.log(`MISSED: ${m}`);

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadavg: os.loadavg(),
      requests,
      targets: { ownP95Ms: TARGET_OWN_P95_MS, bundleBytes: TARGET_BUNDLE_BYTES },
      endpoints: rows,
      bundles: { cdkOptions: CDK_OPTIONS, handlers: bundles },
      missed,
      joseVerifies: verified.payload.sub === a.uid,
    };
    await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(path.join(ROOT, 'bench', 'results', 'api.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `\nWrote bench/results/api.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
    );
  } finally {
    for (const c of cognitoClients) c.destroy();
    await api?.stop();
    if (child) {
      await child.stop();
      const open: number[] = [];
      for (const port of child.ports) if (await isPortOpen(port)) open.push(port);
      if (open.length)
        console.error(`WARNING: ports still open after stopping the child: ${open.join(', ')}`);
      else console.log('Child stopped; none of its ports is open.');
    }
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
