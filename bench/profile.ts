import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the handlers' own time goes: a V8 CPU profile of this process over a pass of the scenarios
// (bench/api-tree.ts runs it after the timed phase, so the profiler's overhead is in no timing). Each
// sample is charged to the nearest handler-bundle frame on its stack (so time in Node internals, e.g.
// crypto or http, counts for the bundle code that called it), mapped through the bundle's source map
// to the file it came from, and sorted into a few categories. Samples taken while a handler ran (its
// invocation windows, from bench/dispatch.ts) are also counted per handler; a garbage collection
// during a handler's window counts for that handler. Samples with no bundle frame (the local API
// server, the bench, fetch, idle) are left out.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What a handler's CPU time is spent on, by the source file of the nearest bundle frame: [short, meaning, files]. */
export const CATEGORIES: [string, string, RegExp][] = [
  [
    'aws-http',
    'the AWS SDK HTTP handler (NodeHttpHandler and the node:http work it calls)',
    /^(@smithy\/node-http-handler|@smithy\/core\/.*\/(util-stream|transport)\/)/,
  ],
  [
    'sigv4',
    'SigV4 signing, payload SHA-256, credential and identity resolution',
    /^(@smithy\/signature-v4|@smithy\/core\/.*\/(checksum|util-hex-encoding|httpAuthSchemes?)\/|@aws-sdk\/core\/.*\/httpAuthSchemes\/)/,
  ],
  [
    'mw-stack',
    'the SDK middleware stack (built per command; retry, endpoint, user agent, log filter, ...)',
    /^(@smithy\/core\/.*\/(middleware-[^/]+|smithy-client|endpoints)\/|@aws-sdk\/core\/.*\/client\/|@aws-sdk\/client-)/,
  ],
  [
    'serde',
    'SDK schema (de)serialisation and DynamoDB marshalling',
    /^(@smithy\/core\/.*\/(schema|protocols|serde)\/|@aws-sdk\/(lib-dynamodb|util-dynamodb|dynamodb-codec|core\/.*\/protocols\/))/,
  ],
  [
    'stripe',
    'the stripe SDK (request building, its node:http client, JSON parsing of responses)',
    /^stripe\//,
  ],
  ['own', 'own code (lambdas/)', /^lambdas\//],
];
export const OTHER = 'other';
export const GC = 'gc';

export interface ProfileSummary {
  /** ms of CPU samples under handler bundles. */
  handlerMs: number;
  /** ms of garbage collection samples (V8 charges them to no frame). */
  gcMs: number;
  /** By category (CATEGORIES' short names, OTHER), ms. */
  byCategory: [string, number][];
  /** By package (@smithy/x, @aws-sdk/x, stripe, ...) or own source (lambdas/...), ms. */
  bySource: [string, number][];
  /** By file (from node_modules/ or lambdas/ on), ms. */
  byFile: [string, number][];
  /** By function (file: name), self time of the nearest bundle frame, ms. */
  byFunction: [string, number][];
  /** Per handler: its invocations in the profiled pass and ms per invocation by category (and GC). */
  perHandler: Record<string, { calls: number; ms: Record<string, number> }>;
}

/** A handler invocation's window, in process.hrtime microseconds (V8's profile clock). */
export interface Window {
  handler: string;
  start: number;
  end: number;
}

export const hrtimeUs = (): number => Number(process.hrtime.bigint() / 1000n);

export async function startProfile(): Promise<() => Promise<Profile>> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async () => {
    const { profile } = await post<{ profile: Profile }>('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

/** A source path from node_modules/ (without it) or from lambdas/ on, and its package. */
function sourceName(source: string): { file: string; pkg: string } {
  const dep = /node_modules\/(((?:@[^/]+\/)?[^/]+)\/.*)$/.exec(source);
  if (dep?.[1] && dep[2]) return { file: dep[1], pkg: dep[2] };
  const own = /(lambdas\/.*)$/.exec(source)?.[1] ?? source;
  return { file: own, pkg: own };
}

/** Summarises a profile, counting only frames in files for which isBundle is true. */
export function summarize(
  profile: Profile,
  isBundle: (file: string) => boolean,
  windows: readonly Window[] = [],
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string): SourceMap | null => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file) ?? null;
  };
  // The nearest bundle frame of each node, resolved once.
  type Frame = { pkg: string; file: string; fn: string };
  const resolved = new Map<number, Frame | null>();
  const resolve = (id: number): Frame | null => {
    if (resolved.has(id)) return resolved.get(id) ?? null;
    const node = byId.get(id);
    let out: Frame | null = null;
    if (node) {
      const url = node.callFrame.url;
      const file = url.startsWith('file://') ? fileURLToPath(url) : url;
      if (file && isBundle(file)) {
        const entry = mapOf(file)?.findEntry(node.callFrame.lineNumber, node.callFrame.columnNumber) as
          { originalSource?: string; name?: string } | undefined;
        // Sources are relative to the bundle's directory.
        const { pkg, file: source } = sourceName(
          entry?.originalSource ? path.resolve(path.dirname(file), entry.originalSource) : file,
        );
        const name = entry?.name ?? (node.callFrame.functionName || '(anonymous)');
        out = { pkg, file: source, fn: `${source}: ${name}` };
      } else {
        const up = parent.get(id);
        out = up === undefined ? null : resolve(up);
      }
    }
    resolved.set(id, out);
    return out;
  };
  const add = (m: Map<string, number>, key: string, ms: number) => m.set(key, (m.get(key) ?? 0) + ms);
  const byCategory = new Map<string, number>();
  const bySource = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const perHandler = new Map<string, Map<string, number>>();
  const sorted = [...windows].sort((x, y) => x.start - y.start);
  /** The window holding time t (µs), if any: the last one starting at or before t. */
  const windowAt = (t: number): Window | undefined => {
    let lo = 0;
    let hi = sorted.length - 1;
    let found: Window | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const w = sorted[mid];
      if (w && w.start <= t) {
        found = w;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found && t <= found.end ? found : undefined;
  };
  let handlerMs = 0;
  let gcMs = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const w = windowAt(t);
    const handler = w && (perHandler.get(w.handler) ?? perHandler.set(w.handler, new Map()).get(w.handler));
    if (byId.get(id)?.callFrame.functionName === '(garbage collector)') {
      gcMs += ms;
      if (handler) add(handler, GC, ms);
      return;
    }
    const at = resolve(id);
    if (!at) return;
    const category = CATEGORIES.find(([, , re]) => re.test(at.file))?.[0] ?? OTHER;
    handlerMs += ms;
    add(byCategory, category, ms);
    add(bySource, at.pkg, ms);
    add(byFile, at.file, ms);
    add(byFunction, at.fn, ms);
    if (handler) add(handler, category, ms);
  });
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const calls = new Map<string, number>();
  for (const w of windows) calls.set(w.handler, (calls.get(w.handler) ?? 0) + 1);
  return {
    handlerMs,
    gcMs,
    byCategory: top(byCategory),
    bySource: top(bySource),
    byFile: top(byFile).slice(0, 40),
    byFunction: top(byFunction).slice(0, 40),
    perHandler: Object.fromEntries(
      [...calls].map(([h, n]) => [
        h,
        {
          calls: n,
          ms: Object.fromEntries(
            [...(perHandler.get(h) ?? new Map<string, number>())].map(([c, x]) => [c, x / n]),
          ),
        },
      ]),
    ),
  };
}
