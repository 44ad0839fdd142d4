import { createRequire } from 'node:module';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { timed } from './own-time';
import { hrtimeUs, type Window } from './profile';

// Where the local API server's calls of a handler go during bench:api. The server imports one small
// module per handler (written by bench/api-tree.ts) whose handler is dispatcher(name); the bench
// decides per phase what that does:
// - 'warm': the handler's bundle (as CDK builds it), required once into this process and timed by
//   bench/own-time.ts;
// - 'cold': a fresh Node process per call (bench/cold-runner.ts) that loads the bundle and answers
//   this one request, as a Lambda instance's first invocation.
// State lives on globalThis: the server loads the wrapper modules through its own import(), which may
// give them another copy of this module.

type Lambda = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

export interface ColdSample {
  handler: string;
  variant: string;
  /** Node's own start-up until the runner's first line (ms since the process's time origin). */
  boot: number;
  /** require() of the bundle: the Lambda's init phase for this code (ms). */
  load: number;
  /** The first invocation, wall (ms). */
  first: number;
  /** Of which an outbound request was in flight (ms). */
  firstIo: number;
  /** Of which the handler waited on a timer of its own (ms). */
  firstWait: number;
  /** first - firstIo - firstWait (ms). */
  firstOwn: number;
  /** Outbound requests of the first invocation. */
  outbound: number;
  /** Spawn to result, seen from the bench (ms). */
  process: number;
}

export type ColdInvoke = (
  handler: string,
  bundle: string,
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<{ result: unknown; sample: ColdSample }>;

interface DispatchState {
  mode: 'warm' | 'cold';
  /** The bundle (index.js) of each handler in the current phase. */
  bundles: Record<string, string>;
  cold?: ColdInvoke;
  /** Cold samples since the last takeColdSamples(). */
  coldSamples: ColdSample[];
  loaded: Map<string, Lambda>;
  /** Warm invocation windows, kept while a CPU profile runs (bench/profile.ts). */
  windows?: Window[];
}

const KEY = Symbol.for('stockbench.bench.dispatch');
const g = globalThis as typeof globalThis & { [KEY]?: DispatchState };
const state: DispatchState = (g[KEY] ??= {
  mode: 'warm',
  bundles: {},
  coldSamples: [],
  loaded: new Map(),
});

const requireBundle = createRequire(__filename);

export function setPhase(mode: 'warm' | 'cold', bundles: Record<string, string>, cold?: ColdInvoke): void {
  state.mode = mode;
  state.bundles = bundles;
  state.cold = cold;
}

export function takeColdSamples(): ColdSample[] {
  return state.coldSamples.splice(0);
}

/** Starts keeping warm invocation windows (on) or stops and answers those kept (off). */
export function recordWindows(on: boolean): Window[] {
  const kept = state.windows ?? [];
  state.windows = on ? [] : undefined;
  return kept;
}

/** The handler the API server calls for `name`. */
export function dispatcher(name: string): Lambda {
  return async (event, context) => {
    const bundle = state.bundles[name];
    if (!bundle) throw new Error(`bench: no bundle for ${name}`);
    if (state.mode === 'cold') {
      if (!state.cold) throw new Error('bench: cold phase without a runner');
      const { result, sample } = await state.cold(name, bundle, event, context);
      state.coldSamples.push(sample);
      return result;
    }
    const key = `${name}\0${bundle}`;
    let fn = state.loaded.get(key);
    if (!fn) {
      const inner = (requireBundle(bundle) as { handler: Lambda }).handler;
      fn = timed(name, inner);
      state.loaded.set(key, fn);
    }
    const windows = state.windows;
    if (!windows) return fn(event, context);
    const start = hrtimeUs();
    try {
      return await fn(event, context);
    } finally {
      windows.push({ handler: name, start, end: hrtimeUs() });
    }
  };
}
