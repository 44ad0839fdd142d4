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
import './own-time';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import Stripe from 'stripe';
import { startApiServer } from '../dev/api-server';
import { freePort, isPortOpen } from '../dev/ports';
import { TERMS_VERSION } from '../src/lib/terms-version';
import {
  median,
  mean,
  pct,
  SERVICES,
  type EndpointRow,
  type SdkVariant,
  type TreeResult,
} from './api-report';
import { recordWindows, setPhase } from './dispatch';
import { startProfile, summarize, type ProfileSummary } from './profile';
import type { BenchContext, BenchUser } from './scenarios/context';
import { scenariosOf } from './scenarios/endpoints';
import { parseCliArgs, ROOT } from './tree/args';
import {
  buildBundles,
  buildColdRunner,
  deployedVariant,
  treeHandlerFile,
  variantOptions,
} from './tree/bundles';
import { git, loadTree, startChildStack, type Child } from './tree/child-stack';
import { coldInvoker } from './tree/cold-invoke';
import { NO_CALLS_WHEN_WARM, Recorder, type Endpoint } from './tree/recorder';
import { benchUsers } from './tree/users';

/** Rounds of every scenario in the modeled phase (each takes seconds with Stripe slowed down). */
const MODELED_ROUNDS = 12;

// ---- the run --------------------------------------------------------------------------------------

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

    const { signIn, newUser } = benchUsers(cognito, info);
    type User = BenchUser;

    // ---- the cold phase's runner: a fresh node per call, with the handler's environment only.
    let coldVariant: SdkVariant = deployedVariant();
    const coldInvoke = coldInvoker({
      dir,
      runner,
      coldFlags: args.coldFlags,
      env,
      variant: () => coldVariant,
    });

    const rec = new Recorder(tree.routes, `${api.url}/api`);
    const { call } = rec;

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
      phase: () => rec.phase,
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
      rec.recording = 'timed';
      console.log(`[${args.label}] measuring…`);
      for (const s of scenarios) {
        const t0 = performance.now();
        for (let i = 0; i < s.rounds; i++) await s.run(i);
        console.log(`  ${s.name}: ${s.rounds} rounds in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      rec.recording = false;
      if (args.phases.has('modeled')) {
        // Stripe as in production: every API answer after args.stripeLatency ms (the emulator's
        // latency setting); DynamoDB, Cognito and SES still answer in about a millisecond here.
        const rounds = args.quick ? 1 : MODELED_ROUNDS;
        if (await setStripeLatency(args.stripeLatency)) {
          console.log(
            `[${args.label}] modeled: Stripe at ${args.stripeLatency} ms, every scenario ${rounds} times…`,
          );
          rec.recording = 'modeled';
          try {
            for (const s of scenarios) for (let i = 0; i < rounds; i++) await s.run(i);
          } finally {
            rec.recording = false;
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
          !rec.endpoints.has(`${r.method} ${r.path}`) ||
          (modeledStripeMs !== undefined && !rec.endpoints.get(`${r.method} ${r.path}`)?.modeled.length),
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
        rec.phase = 'cold';
        setPhase('cold', files, coldInvoke);
        console.log(
          `[${args.label}] cold starts, ${v} bundles: every scenario ${rounds} times, a fresh node per call…`,
        );
        rec.coldSamples.length = 0;
        const t0 = performance.now();
        for (let i = 0; i < rounds; i++) for (const s of scenarios) await s.run(1000 + i);
        console.log(
          `  ${rec.coldSamples.length} cold calls in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
        cold[v] = handlers.map((handler) => {
          const xs = rec.coldSamples.filter((c) => c.handler === handler);
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
      requests: rec.requests,
      deployedVariant: deployedVariant(),
      externals: { bundled: variantOptions('bundled').external, runtime: variantOptions('runtime').external },
      endpoints: tree.routes
        .map((r) => rec.endpoints.get(`${r.method} ${r.path}`))
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
