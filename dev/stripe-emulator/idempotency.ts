import { createHash } from 'node:crypto';
import { idempotencyKeyInUse, StripeError } from './errors';
import type { IdempotencyEntry, State } from './store';

const TTL_SECONDS = 24 * 60 * 60;

export type Replay = { status: number; body: string };

/**
 * Stripe's Idempotency-Key: the same key with the same request replays the stored answer; the same
 * key with a different request is refused. Every answer of a request whose execution began is stored,
 * 500s included (Stripe's docs: "Retries with the same key return the saved response, including 500
 * errors"). Keys expire after 24 hours of emulator time.
 */
export class Idempotency {
  constructor(
    private readonly state: State,
    private readonly now: () => number,
  ) {}

  private prune(): void {
    const cutoff = this.now() - TTL_SECONDS;
    for (const [key, entry] of Object.entries(this.state.idempotency)) {
      if (entry.createdAt < cutoff) Reflect.deleteProperty(this.state.idempotency, key);
    }
  }

  static fingerprint(method: string, path: string, body: string): string {
    return createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
  }

  lookup(key: string, fingerprint: string): Replay | undefined {
    this.prune();
    const entry: IdempotencyEntry | undefined = this.state.idempotency[key];
    if (!entry) return undefined;
    if (entry.fingerprint !== fingerprint) {
      throw new StripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { status: entry.status, body: entry.body };
  }

  remember(key: string, fingerprint: string, status: number, body: string): void {
    this.state.idempotency[key] = { fingerprint, status, body, createdAt: this.now() };
  }
}

// Keys whose request is still running (until its answer is sent, after the modeled latency): memory only.
const running = new WeakMap<State, Set<string>>();

/**
 * Holds `key` for one request until the returned release is called. Meanwhile another request with the
 * same key is answered Stripe's 409 `idempotency_key_in_use`, with nothing saved, so it can retry.
 */
export function claimKey(state: State, key: string): () => void {
  const keys = running.get(state) ?? new Set<string>();
  running.set(state, keys);
  if (keys.has(key)) throw idempotencyKeyInUse();
  keys.add(key);
  return () => keys.delete(key);
}
