import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';

// A handler's own time: its wall time minus the time during which at least one outbound request
// (node:http / node:https request(), which lambdas/lib/outbound.ts uses for Stripe and AWS) or an
// outbox write was in flight, i.e. the time the handler was waiting on an emulator. Import this module before anything
// that may keep its own reference to http.request.
//
// Valid only when one handler runs at a time in this process and nothing else makes outbound
// requests meanwhile: bench/api.ts runs the emulators in another process and sends one request at
// a time. The state lives on globalThis so that every copy of this module (the bench imports it,
// and so do the generated handler wrappers) shares one accounting.

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
  // The local stack's mail goes to the outbox directory (lambdas/lib/mail.ts) where production sends
  // an SES request: those file writes are the SES emulator's time, not the handler's.
  const fsp = fs as { mkdir: typeof fs.mkdir; writeFile: typeof fs.writeFile };
  const mkdir = fs.mkdir;
  const writeFile = fs.writeFile;
  // Only the outbox's: tsx and the bench write files of their own in the background.
  const outbox = (file: unknown): boolean =>
    Boolean(process.env.OUTBOX_DIR) && String(file).startsWith(process.env.OUTBOX_DIR ?? '');
  fsp.mkdir = ((...args: Parameters<typeof mkdir>) =>
    outbox(args[0]) ? mkdir(...args).finally(begin()) : mkdir(...args)) as typeof mkdir;
  fsp.writeFile = (...args: Parameters<typeof writeFile>) =>
    outbox(args[0]) ? writeFile(...args).finally(begin()) : writeFile(...args);
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
