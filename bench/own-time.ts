import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import timers from 'node:timers';
import { promisify } from 'node:util';

// A handler's own time: its wall time minus the time it was waiting, i.e.
// - an outbound request (node:http / node:https request()) was in flight: the handler waits on an
//   emulator. Every outbound call of the handlers goes through request(): the AWS SDK's
//   NodeHttpHandler (@smithy/node-http-handler: http.request, taken from node:http when a client first
//   sends, and https.request, looked up per request) and stripe's NodeHttpClient (http/https.request
//   per request). The SES twin receives mail over HTTP too, so no file write needs counting;
// - or a timer it set during the call was running to its end (setTimeout that fired): deliberate pauses, e.g.
//   a lease poll, an SDK retry's backoff. A timer
//   cleared before it fires (the SDK's request timeouts) is no wait.
// The two are reported apart (OwnSample.io, .wait) and their union is subtracted.
//
// Import this module before anything that may keep its own reference to request(): bench/api-tree.ts
// imports it first, and bench/cold-runner.ts before it requires a bundle. The bench checks that every
// endpoint that calls AWS or Stripe shows outbound requests, so a client that escaped the interception
// would fail the run instead of passing its waits off as own time.
//
// Valid only when one handler runs at a time in this process and nothing else makes outbound
// requests meanwhile: the emulators run in another process and the bench sends one request at a
// time. The state lives on globalThis so that every copy of this module shares one accounting.

export interface OwnSample {
  handler: string;
  /** Wall time of the handler call (ms). */
  wall: number;
  /** Time with an outbound request in flight during the call (ms). */
  io: number;
  /** Time waiting on a timer of its own, with no outbound request in flight (ms). */
  wait: number;
  /** wall - io - wait (ms). */
  own: number;
  /** Outbound requests started during the call. */
  outbound: number;
  /** CPU time of this process during the call (user + system, ms): immune to being descheduled. */
  cpu: number;
  /** Each outbound request: the service it went to and when it was in flight (ms, performance.now()). */
  calls: Call[];
}

/** The services the handlers call: told apart by what a request names (see serviceOf). */
export type Service = 'stripe' | 'dynamodb' | 'cognito' | 'ses' | 'secrets' | 'other';

export interface Call {
  service: Service;
  start: number;
  end: number;
}

/**
 * The service of an outbound request. Locally every AWS call goes to one endpoint (the IAM gate), so
 * the request itself tells: the AWS SDK's JSON protocols name their operation in X-Amz-Target
 * (DynamoDB_20120810.Query, AWSCognitoIdentityProviderService.AdminGetUser, secretsmanager.GetSecretValue),
 * SES v2 is REST under /v2/email/, and Stripe's API is under /v1/.
 */
function serviceOf(req: http.ClientRequest): Service {
  const target = String(req.getHeader('x-amz-target') ?? '');
  if (target.startsWith('DynamoDB_')) return 'dynamodb';
  if (target.startsWith('AWSCognitoIdentityProviderService.')) return 'cognito';
  if (target.startsWith('secretsmanager.')) return 'secrets';
  if (req.path.startsWith('/v2/email/')) return 'ses';
  if (req.path.startsWith('/v1/')) return 'stripe';
  return 'other';
}

/**
 * How many calls run one after another on the critical path: the longest chain of calls each of which
 * starts after the previous one ended (calls in flight together count once). Greedy by end time gives
 * the largest set of pairwise disjoint intervals, which on a line is that chain.
 */
export function serialDepth(calls: readonly Pick<Call, 'start' | 'end'>[]): number {
  let depth = 0;
  let end = -Infinity;
  for (const c of [...calls].sort((a, b) => a.end - b.end)) {
    if (c.start >= end) {
      depth++;
      end = c.end;
    }
  }
  return depth;
}

type Interval = [start: number, end: number];

interface State {
  /** Start times of the requests in flight. */
  open: Set<{ start: number; service: Service }>;
  /** Finished requests and fired timers, since the current timed call began. */
  requests: Interval[];
  /** The finished requests again, with their service. */
  calls: Call[];
  timers: Interval[];
  started: number;
  samples: OwnSample[];
}

const KEY = Symbol.for('stockbench.bench.own-time');
const g = globalThis as typeof globalThis & { [KEY]?: State };

function install(): State {
  const state: State = { open: new Set(), requests: [], calls: [], timers: [], started: 0, samples: [] };
  const track = <T extends typeof http.request>(original: T): T =>
    ((...args: Parameters<T>) => {
      const req = (original as (...a: Parameters<T>) => http.ClientRequest)(...args);
      state.started++;
      // In flight from request() until the response is fully read (or the request fails/closes).
      const entry = { start: performance.now(), service: serviceOf(req) };
      state.open.add(entry);
      const finish = () => {
        if (!state.open.delete(entry)) return;
        const end = performance.now();
        state.requests.push([entry.start, end]);
        state.calls.push({ service: entry.service, start: entry.start, end });
      };
      let answered = false;
      req.once('response', (res: http.IncomingMessage) => {
        answered = true;
        res.once('end', finish);
        res.once('close', finish);
        res.once('error', finish);
      });
      req.once('error', finish);
      req.once('close', () => {
        // A request closed without a response (aborted, timed out) ends here; with a response,
        // its end/close decides.
        if (!answered) finish();
      });
      return req;
    }) as T;
  (http as { request: typeof http.request }).request = track(http.request);
  (https as { request: typeof https.request }).request = track(https.request);

  // setTimeout: a timer that fires was waited on from its creation to its callback.
  const setTimeoutOriginal = globalThis.setTimeout;
  const setTimeoutTracked = ((callback: unknown, delay?: number, ...rest: unknown[]) => {
    if (typeof callback !== 'function' || !(Number(delay) >= 1))
      return (setTimeoutOriginal as (...a: unknown[]) => unknown)(callback, delay, ...rest);
    const start = performance.now();
    return setTimeoutOriginal(
      (...args: unknown[]) => {
        state.timers.push([start, performance.now()]);
        (callback as (...a: unknown[]) => void)(...args);
      },
      delay,
      ...rest,
    );
  }) as typeof setTimeout;
  // util.promisify(setTimeout) keeps working (untracked).
  Object.assign(setTimeoutTracked, {
    [promisify.custom]: (setTimeoutOriginal as unknown as Record<symbol, unknown>)[promisify.custom],
  });
  globalThis.setTimeout = setTimeoutTracked;
  (timers as { setTimeout: typeof setTimeout }).setTimeout = setTimeoutTracked;
  syncBuiltinESMExports();
  return state;
}

const state: State = (g[KEY] ??= install());

/** Total length of the union of the intervals, clipped to [from, to]. */
function covered(intervals: readonly Interval[], from: number, to: number): number {
  const clipped = intervals
    .map(([a, b]): Interval => [Math.max(a, from), Math.min(b, to)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** Wraps a handler so every call records an OwnSample. */
export function timed<A extends unknown[], R>(
  name: string,
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    state.requests.length = 0;
    state.calls.length = 0;
    state.timers.length = 0;
    const started0 = state.started;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    try {
      return await fn(...args);
    } finally {
      const t1 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      // Requests still open count up to now.
      const requests = [...state.requests, ...[...state.open].map((r): Interval => [r.start, t1])];
      const calls = [
        ...state.calls,
        ...[...state.open].map((r): Call => ({ service: r.service, start: r.start, end: t1 })),
      ].filter((c) => c.start >= t0);
      const io = covered(requests, t0, t1);
      // Only timers set during the call: the SDK leaves timers of earlier requests running (deferred
      // socket set-up, 3 s and more), which may fire during a later call without being waited on.
      const waits = state.timers.filter(([start]) => start >= t0);
      const idle = covered([...requests, ...waits], t0, t1);
      state.samples.push({
        handler: name,
        wall: t1 - t0,
        io,
        wait: idle - io,
        own: Math.max(0, t1 - t0 - idle),
        outbound: state.started - started0,
        cpu: (cpu.user + cpu.system) / 1000,
        calls,
      });
    }
  };
}

/** Samples recorded since the last call (and forgets them). */
export function takeSamples(): OwnSample[] {
  return state.samples.splice(0);
}

/** Outbound requests currently in flight (0 between requests when nothing runs in the background). */
export function outboundInFlight(): number {
  return state.open.size;
}
