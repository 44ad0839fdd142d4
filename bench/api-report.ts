// bench:api's results and their tables: the types bench/api-tree.ts writes and bench/api.ts prints.
import type { Service } from './own-time';
import { CATEGORIES, GC, OTHER, type ProfileSummary } from './profile';

/** The two ways to ship the AWS SDK: inside each bundle, or left to the Lambda runtime's copy. */
export type SdkVariant = 'bundled' | 'runtime';

export interface EndpointRow {
  endpoint: string;
  handler: string;
  n: number;
  totalP50: number;
  totalP95: number;
  ownP50: number;
  ownP95: number;
  cpuP50: number;
  cpuP95: number;
  emulatorP50: number;
  /** Time waiting on the handler's own timers (bench/own-time.ts), p50 and p95. */
  waitP50: number;
  waitP95: number;
  /** Outbound requests per invocation (mean). */
  outbound: number;
  statuses: Record<string, number>;
  /** Requests per invocation to each service (means; absent in results of older benches). */
  calls?: Record<Service, number>;
  /** Modeled phase (Stripe answering after modeledStripeMs): calls one after another on the critical
   * path (median), all services and Stripe's alone, and end-to-end latency. */
  serialP50?: number;
  stripeSerialP50?: number;
  modeledN?: number;
  modeledP50?: number;
  modeledP95?: number;
}

export interface BundleRow {
  handler: string;
  /** index.js bytes. */
  js: number;
  /** index.js.map bytes (in the asset too; Node reads it at load with --enable-source-maps). */
  map: number;
  /** index.js + index.js.map deflated, about the asset zip CDK uploads. */
  zipped: number;
  /** index.js bytes by origin (esbuild's metafile). */
  parts: { awsSdk: number; stripe: number; otherDeps: number; own: number };
}

export interface ColdRow {
  handler: string;
  n: number;
  /** Medians (ms). */
  boot: number;
  load: number;
  first: number;
  firstOwn: number;
  /** load + first invocation's own time: the cold start the code adds (median of the sums). */
  initOwn: number;
  outbound: number;
  process: number;
}

export interface TreeResult {
  label: string;
  root: string;
  commit: string;
  date: string;
  node: string;
  loadavg: number[];
  requests: number;
  /** The variant the warm phase ran (the one the tree's shared options build). */
  deployedVariant: SdkVariant;
  externals: Record<SdkVariant, string[]>;
  endpoints: EndpointRow[];
  bundles: Partial<Record<SdkVariant, BundleRow[]>>;
  cold: Partial<Record<SdkVariant, ColdRow[]>>;
  /** Endpoints expected to call AWS or Stripe on every warm call (outbound > 0 checked per call). */
  checkedOutbound: string[];
  joseVerifies: boolean | undefined;
  /** With --profile: where the warm phase's handler CPU time went (bench/profile.ts). */
  profile?: ProfileSummary;
  /** Stripe's latency in the modeled phase (ms), when it ran. */
  modeledStripeMs?: number;
}

/** The services a handler calls, as bench/own-time.ts tells them apart (secrets: Secrets Manager). */
export const SERVICES: readonly Service[] = ['stripe', 'dynamodb', 'cognito', 'ses', 'secrets', 'other'];

/** A Stripe request's latency in production, roughly: what the modeled phase gives the emulator. */
export const MODELED_STRIPE_MS = 300;

/** The API's targets: p95 end to end with Stripe at MODELED_STRIPE_MS (ms). */
export const MODELED_TARGETS_MS: Readonly<Record<string, number>> = {
  'get-licenses': 150,
  'get-subscriptions': 150,
  'validate-license': 100,
  'add-licenses': 1200,
  'remove-licenses': 1200,
  'update-card': 1200,
  'setup-checkout': 1500,
};

/**
 * Per endpoint: the calls it makes to each service, how many run one after another, and its
 * end-to-end latency with Stripe slowed down to production's, against its target where it has one.
 */
export function callsTable(tree: TreeResult): string[] {
  const n = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(x % 1 ? 1 : 0));
  const out = [
    `${'endpoint'.padEnd(26)}${'Stripe'.padStart(7)}${'Dynamo'.padStart(7)}${'Cognito'.padStart(8)}` +
      `${'SES'.padStart(5)}${'Secrets'.padStart(8)}${'serial'.padStart(8)}${'Stripe'.padStart(7)}` +
      `${'p50'.padStart(8)}${'p95'.padStart(8)}${'target'.padStart(8)}`,
  ];
  for (const r of tree.endpoints) {
    const c = r.calls;
    const target = MODELED_TARGETS_MS[r.handler];
    const verdict =
      target === undefined || r.modeledP95 === undefined ? '' : r.modeledP95 <= target ? '  ok' : '  MISS';
    out.push(
      `${r.endpoint.padEnd(26)}${n(c?.stripe).padStart(7)}${n(c?.dynamodb).padStart(7)}${n(c?.cognito).padStart(8)}` +
        `${n(c?.ses).padStart(5)}${n(c?.secrets).padStart(8)}${n(r.serialP50).padStart(8)}` +
        `${n(r.stripeSerialP50).padStart(7)}${ms(r.modeledP50, 8)}${ms(r.modeledP95, 8)}` +
        `${(target === undefined ? '' : String(target)).padStart(8)}${verdict}`,
    );
  }
  return out;
}

/** The endpoints whose modeled p95 misses its target. */
export function modeledMisses(tree: TreeResult): string[] {
  return tree.endpoints
    .filter((r) => {
      const target = MODELED_TARGETS_MS[r.handler];
      return target !== undefined && r.modeledP95 !== undefined && !(r.modeledP95 <= target);
    })
    .map(
      (r) =>
        `modeled p95 of ${r.endpoint} is ${ms(r.modeledP95, 0)} ms (target ${MODELED_TARGETS_MS[r.handler]} ms)`,
    );
}

// ---- statistics ----------------------------------------------------------------------------------

export const pct = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  // Nearest rank.
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};
export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
export const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);

// ---- tables ---------------------------------------------------------------------------------------

/** What the baseline tree's own bench wrote (bench/results/api.json at fa13872 and earlier). */
export interface OwnBenchResult {
  endpoints: Pick<
    EndpointRow,
    'endpoint' | 'handler' | 'n' | 'totalP50' | 'totalP95' | 'ownP50' | 'ownP95' | 'outbound'
  >[];
  bundles?: { handlers: { handler: string; js: number; map: number }[] };
}

export const TARGET_OWN_P95_MS = 10;

const ms = (n: number | undefined, w = 8): string =>
  (n !== undefined && Number.isFinite(n) ? n.toFixed(n >= 100 ? 0 : n >= 10 ? 1 : 2) : '-').padStart(w);
const kb = (n: number | undefined, w = 8): string =>
  (n !== undefined && Number.isFinite(n) ? (n / 1024).toFixed(1) : '-').padStart(w);
const ratio = (before: number | undefined, after: number | undefined, w = 7): string =>
  (before && after && Number.isFinite(before) && Number.isFinite(after)
    ? `×${(after / before).toFixed(1)}`
    : '-'
  ).padStart(w);

export function endpointTable(title: string, rows: readonly EndpointRow[]): string[] {
  const out = [
    title,
    `${'endpoint'.padEnd(26)}${'n'.padStart(4)}${'e2e p50'.padStart(9)}${'e2e p95'.padStart(9)}` +
      `${'own p50'.padStart(9)}${'own p95'.padStart(9)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}` +
      `${'emul p50'.padStart(9)}${'wait p50'.padStart(9)}${'calls'.padStart(6)}  statuses`,
  ];
  for (const r of rows) {
    out.push(
      `${r.endpoint.padEnd(26)}${String(r.n).padStart(4)}${ms(r.totalP50, 9)}${ms(r.totalP95, 9)}` +
        `${ms(r.ownP50, 9)}${ms(r.ownP95, 9)}${ms(r.cpuP50, 9)}${ms(r.cpuP95, 9)}${ms(r.emulatorP50, 9)}` +
        `${ms(r.waitP50 ?? 0, 9)}` +
        `${r.outbound.toFixed(1).padStart(6)}  ${Object.entries(r.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
  }
  return out;
}

/**
 * Own and end-to-end p95 per endpoint, before and after, the calls each makes, and own p50 per
 * outbound call (the handlers changed between the trees too; per call, the client's cost shows), plus
 * the baseline bench's own p95 as a cross-check.
 */
export function comparisonTable(
  before: TreeResult | undefined,
  after: TreeResult,
  own?: OwnBenchResult,
): string[] {
  const perCall = (r: EndpointRow | undefined) => (r && r.outbound > 0 ? r.ownP50 / r.outbound : undefined);
  const out = [
    `${'endpoint'.padEnd(26)}${'own p95'.padStart(9)}${'own p95'.padStart(9)}${''.padStart(7)}` +
      `${'e2e p95'.padStart(9)}${'e2e p95'.padStart(9)}${''.padStart(7)}` +
      `${'calls'.padStart(8)}${'own p50/call'.padStart(15)}${'own p95'.padStart(10)}`,
    `${''.padEnd(26)}${'before'.padStart(9)}${'after'.padStart(9)}${''.padStart(7)}` +
      `${'before'.padStart(9)}${'after'.padStart(9)}${''.padStart(7)}` +
      `${'b / a'.padStart(8)}${'before'.padStart(8)}${'after'.padStart(7)}${'its bench'.padStart(10)}`,
  ];
  for (const a of after.endpoints) {
    // By handler: a route may have changed its method or path between the trees.
    const b = before?.endpoints.find((e) => e.handler === a.handler);
    const o = own?.endpoints.find((e) => e.handler === a.handler);
    out.push(
      `${a.endpoint.padEnd(26)}${ms(b?.ownP95, 9)}${ms(a.ownP95, 9)}${ratio(b?.ownP95, a.ownP95)}` +
        `${ms(b?.totalP95, 9)}${ms(a.totalP95, 9)}${ratio(b?.totalP95, a.totalP95)}` +
        `${`${b ? b.outbound.toFixed(0) : '-'} / ${a.outbound.toFixed(0)}`.padStart(8)}` +
        `${ms(perCall(b))}${ms(perCall(a), 7)}${ms(o?.ownP95, 10)}`,
    );
  }
  const all = (t: TreeResult | undefined) => {
    const rows = t?.endpoints.filter((r) => r.outbound > 0) ?? [];
    const calls = rows.reduce((n, r) => n + r.outbound * r.n, 0);
    return calls ? rows.reduce((n, r) => n + r.ownP50 * r.n, 0) / calls : undefined;
  };
  out.push(
    `${'all endpoints with calls'.padEnd(26)}${''.padStart(58)}${ms(all(before))}${ms(all(after), 7)}`,
  );
  return out;
}

/** Bundle sizes per handler: before, and after with the SDK bundled and left to the runtime. */
export function bundleTable(before: TreeResult | undefined, after: TreeResult): string[] {
  const b = before?.bundles.bundled ?? [];
  const bundled = after.bundles.bundled ?? [];
  const runtime = after.bundles.runtime ?? [];
  const out = [
    `${''.padEnd(22)}${'before'.padStart(8)}  |${' SDK bundled'.padEnd(40)}  | SDK from the runtime`,
    `${'handler'.padEnd(22)}${'js'.padStart(8)}  |${'js'.padStart(8)}${'map'.padStart(8)}${'zip'.padStart(7)}` +
      `${'aws-sdk'.padStart(9)}${'stripe'.padStart(8)}  |${'js'.padStart(8)}${'map'.padStart(8)}${'zip'.padStart(7)}`,
  ];
  for (const a of bundled) {
    const old = b.find((r) => r.handler === a.handler);
    const r = runtime.find((x) => x.handler === a.handler);
    out.push(
      `${a.handler.padEnd(22)}${kb(old?.js)}  |${kb(a.js)}${kb(a.map)}${kb(a.zipped, 7)}${kb(a.parts.awsSdk, 9)}` +
        `${kb(a.parts.stripe)}  |${kb(r?.js)}${kb(r?.map)}${kb(r?.zipped, 7)}`,
    );
  }
  const max = (rows: readonly BundleRow[], f: (r: BundleRow) => number) =>
    rows.length ? Math.max(...rows.map(f)) : undefined;
  out.push(
    `${'largest'.padEnd(22)}${kb(max(b, (r) => r.js))}  |${kb(max(bundled, (r) => r.js))}` +
      `${kb(max(bundled, (r) => r.map))}${kb(
        max(bundled, (r) => r.zipped),
        7,
      )}${''.padStart(17)}  |` +
      `${kb(max(runtime, (r) => r.js))}${kb(max(runtime, (r) => r.map))}${kb(
        max(runtime, (r) => r.zipped),
        7,
      )}`,
  );
  return out;
}

/** Cold start per handler (medians): before, and after with both SDK variants. */
export function coldTable(before: TreeResult | undefined, after: TreeResult): string[] {
  const fields: ((r: ColdRow) => number)[] = [
    (r) => r.load,
    (r) => r.firstOwn,
    (r) => r.first,
    (r) => r.initOwn,
  ];
  const cols = (r: ColdRow | undefined) => fields.map((f) => ms(r && f(r))).join('');
  const head = ['load', '1st own', '1st', 'init'].map((h) => h.padStart(8)).join('');
  const runs = (rows: readonly ColdRow[] | undefined) =>
    rows?.length ? Math.min(...rows.map((r) => r.n)) : 0;
  const out = [
    `${''.padEnd(22)}${`| before (${runs(before?.cold.bundled)} runs)`.padEnd(34)}` +
      `${`| SDK bundled (${runs(after.cold.bundled)} runs)`.padEnd(34)}` +
      `| SDK from the runtime (${runs(after.cold.runtime)} runs)`,
    `${'handler'.padEnd(22)}| ${head} | ${head} | ${head}${'calls'.padStart(6)}`,
  ];
  for (const a of after.cold.bundled ?? after.cold.runtime ?? []) {
    const find = (rows: readonly ColdRow[] | undefined) => rows?.find((r) => r.handler === a.handler);
    const bundled = find(after.cold.bundled);
    const runtime = find(after.cold.runtime);
    out.push(
      `${a.handler.padEnd(22)}| ${cols(find(before?.cold.bundled))} | ${cols(bundled)} | ${cols(runtime)}` +
        `${((bundled ?? runtime)?.outbound.toFixed(0) ?? '-').padStart(6)}`,
    );
  }
  const mid = (rows: readonly ColdRow[] | undefined) =>
    fields.map((f) => ms(rows?.length ? median(rows.map(f)) : undefined)).join('');
  out.push(
    `${'median of handlers'.padEnd(22)}| ${mid(before?.cold.bundled)} | ${mid(after.cold.bundled)} | ${mid(after.cold.runtime)}`,
  );
  return out;
}

/** Where each handler's CPU time went in the profiled pass (ms per invocation, by category). */
export function profileTable(tree: TreeResult): string[] {
  const p = tree.profile;
  if (!p) return [];
  const columns = [...CATEGORIES.map(([c]) => c), OTHER, GC];
  const out = [
    `${'handler'.padEnd(22)}${'calls'.padStart(6)}${columns.map((c) => c.padStart(9)).join('')}${'sum'.padStart(8)}`,
  ];
  for (const [handler, { calls, ms: byCat }] of Object.entries(p.perHandler)) {
    const sum = Object.values(byCat).reduce((a, b) => a + b, 0);
    out.push(
      `${handler.padEnd(22)}${String(calls).padStart(6)}${columns.map((c) => ms(byCat[c], 9)).join('')}${ms(sum)}`,
    );
  }
  out.push(
    ...CATEGORIES.map(([c, meaning]) => `  ${c}: ${meaning}`),
    `  ${OTHER}: other SDK packages and dependencies; ${GC}: garbage collection during the handler`,
  );
  return out;
}

export const LEGEND = [
  'e2e: client-side, through HTTP, the JWT authorizer, the handler and the emulators.',
  `own (the target, p95 < ${TARGET_OWN_P95_MS} ms): the handler's wall time minus the time an outbound request`,
  "(node:http/https, which the AWS SDK's and stripe's HTTP clients use) was in flight or it waited on a",
  'timer of its own. cpu: CPU time of the whole bench process during the handler, all threads (V8',
  'compiles and collects garbage on threads of its own). emul: time with an outbound request in flight.',
  'wait: time on timers the handler set (lease polls, retry pauses). calls: outbound requests',
  'per invocation (every endpoint but health and license-public-key must show some on every call, or',
  "the run fails). Handlers run in-process from their CDK bundles and sign with the local stack's admin",
  "keys, which the IAM gate lets through: this bench measures time; the gate's per-handler grants are",
  'tested in dev/iam and tests/.',
  'Cold: a fresh `node --enable-source-maps` per call (CDK sets that flag on every function) with the',
  "handler's environment: load = require() of the bundle, 1st = the first invocation (wall, waits",
  'included), 1st own = that minus outbound and timer waits (includes first-call work: SDK client and',
  'credential setup, lazy requires, unoptimized code), init = load + 1st own; medians over the runs.',
  'Sizes in KB: js/map as CDK writes them, zip = js + map deflated (about the uploaded asset),',
  'aws-sdk/stripe = bytes of js brought in by that package and its own dependencies.',
];
