import { performance } from 'node:perf_hooks';
import type { RouteDef } from '../../lambdas/routes';
import { SERVICES } from '../api-report';
import { takeColdSamples, type ColdSample } from '../dispatch';
import { outboundInFlight, serialDepth, takeSamples, type OwnSample, type Service } from '../own-time';
import type { BenchUser } from '../scenarios/context';

// The one way the bench calls an endpoint: by name, over fetch, with the handler's time taken from
// its own-time samples, and recorded per endpoint in the phase being run.

/** Endpoints that may answer without any outbound call: no dependency, or a secret cached since the first call. */
export const NO_CALLS_WHEN_WARM = new Set(['health', 'license-public-key']);

/**
 * What a call answered: its JSON, or for a file endpoint's 2xx (RouteDef.file) `{ file }`, the file's
 * text, once its Content-Type is the one its contract declares; errors are JSON.
 */
function answerOf(def: RouteDef, res: Response, text: string): Record<string, unknown> {
  if (def.file && res.ok) {
    const type = res.headers.get('content-type') ?? '';
    if (type.split(';')[0] !== def.file.contentType.split(';')[0])
      throw new Error(
        `${def.method} ${def.path} answered a file of type ${type}, not ${def.file.contentType}`,
      );
    return { file: text };
  }
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

export interface Endpoint {
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

export class Recorder {
  readonly endpoints = new Map<string, Endpoint>();
  readonly coldSamples: ColdSample[] = [];
  /** 'timed': the warm phase's samples; 'modeled': the modeled phase's (Stripe slowed down). */
  recording: false | 'timed' | 'modeled' = false;
  phase: 'warm' | 'cold' = 'warm';
  requests = 0;

  constructor(
    private readonly routes: readonly RouteDef[],
    private readonly apiBase: string,
  ) {}

  // Every request goes through here (fetch, not node:http, so the client is never counted as
  // outbound I/O). Recorded only in the warm phase after warm-up.
  // By handler name: its route (method, path) comes from the tree's table; params go into the query
  // string of a GET and into the JSON body otherwise (routes change method between trees).
  call = async (
    handler: string,
    opts: {
      user?: BenchUser;
      params?: Record<string, unknown>;
      raw?: string;
      headers?: Record<string, string>;
      expect?: number[];
    } = {},
  ) => {
    const def = this.routes.find((r) => r.handler === handler);
    if (!def) throw new Error(`no route for ${handler}`);
    const { method } = def;
    const route = def.path.replace(/^\/api\//, '');
    const url = new URL(`${this.apiBase}/${route}`);
    const { params } = opts;
    if (method === 'GET')
      for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, String(v));
    const body = opts.raw ?? (method === 'GET' || params === undefined ? undefined : JSON.stringify(params));
    if (outboundInFlight() !== 0) throw new Error('an outbound request is in flight between this.requests');
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
    if (!(opts.expect ?? [200]).includes(res.status)) {
      throw new Error(`${method} /api/${route} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const json = answerOf(def, res, text);
    if (this.phase === 'cold') {
      if (cold.length !== 1 || cold[0]?.handler !== def.handler)
        throw new Error(
          `${method} /api/${route}: expected one cold call of ${def.handler}, got ${cold.length}`,
        );
      this.coldSamples.push(cold[0]);
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
    if (this.recording) {
      const key = `${method} /api/${route}`;
      let e = this.endpoints.get(key);
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
        this.endpoints.set(key, e);
      }
      if (this.recording === 'modeled') {
        e.modeled.push(total);
        e.serial.push(serialDepth(sample.calls));
        e.stripeSerial.push(serialDepth(sample.calls.filter((c) => c.service === 'stripe')));
      } else {
        this.requests++;
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
}
