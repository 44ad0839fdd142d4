import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';

// A handler's own time: its wall time minus the time during which at least one outbound request
// (node:http / node:https request()) was in flight, i.e. the time the handler was waiting on an
// emulator. Every outbound call of the handlers goes through request(): the AWS SDK's NodeHttpHandler
// (@smithy/node-http-handler: http.request, taken from node:http when a client first sends, and
// https.request, looked up per request) and stripe's NodeHttpClient (http/https.request per request).
// The SES twin receives mail over HTTP too, so no file write needs counting.
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
  /** wall - io (ms). */
  own: number;
  /** Outbound requests started during the call. */
  outbound: number;
  /** CPU time of this process during the call (user + system, ms): immune to being descheduled. */
  cpu: number;
}

interface State {
  inFlight: number;
  since: number;
  total: number;
  started: number;
  samples: OwnSample[];
}

const KEY = Symbol.for('stockbench.bench.own-time');
const g = globalThis as typeof globalThis & { [KEY]?: State };

function install(): State {
  const state: State = { inFlight: 0, since: 0, total: 0, started: 0, samples: [] };
  /** Marks the start of a wait on an emulator; the function it answers marks the end (once). */
  const begin = (): (() => void) => {
    if (state.inFlight++ === 0) state.since = performance.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--state.inFlight === 0) state.total += performance.now() - state.since;
    };
  };
  const track = <T extends typeof http.request>(original: T): T =>
    ((...args: Parameters<T>) => {
      const req = (original as (...a: Parameters<T>) => http.ClientRequest)(...args);
      state.started++;
      let answered = false;
      // In flight from request() until the response is fully read (or the request fails/closes).
      const finish = begin();
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
  syncBuiltinESMExports();
  return state;
}

const state: State = (g[KEY] ??= install());

/** Milliseconds spent with an outbound request in flight since the process started. */
function ioNow(): number {
  return state.total + (state.inFlight > 0 ? performance.now() - state.since : 0);
}

/** Wraps a handler so every call records an OwnSample. */
export function timed<A extends unknown[], R>(
  name: string,
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const io0 = ioNow();
    const started0 = state.started;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    try {
      return await fn(...args);
    } finally {
      const wall = performance.now() - t0;
      const io = ioNow() - io0;
      const cpu = process.cpuUsage(cpu0);
      state.samples.push({
        handler: name,
        wall,
        io,
        own: Math.max(0, wall - io),
        outbound: state.started - started0,
        cpu: (cpu.user + cpu.system) / 1000,
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
  return state.inFlight;
}
