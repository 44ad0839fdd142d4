import { ApiVersion } from './version';
import { clone, toJson, type JsonObject } from './json';
import type { StripeEvent } from './objects';
import { signatureHeader } from './signature';
import { newId, type Delivery, type State } from './store';

// Stripe's documented redelivery (docs.stripe.com/webhooks): in live mode a delivery that fails (no 2xx
// answer) is retried with exponential backoff for up to three days, then given up. Stripe publishes no
// individual intervals; here the n-th retry is due RETRY_BASE_MS * (2^n - 1) after the first attempt
// (0.25 s, 0.75 s, 1.75 s, ... the 19th about 36 hours later), and a retry that would fall after three
// days is not made. Times are on the emulator clock: a test moves the clock (POST
// /_emulator/clock/advance) instead of waiting, and the first retries come within seconds, as a local
// run needs when a handler asks for a redelivery (a 503 while the account is busy).
const RETRY_BASE_MS = 250;
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** When the retry after `failures` failed attempts is due, or undefined when Stripe gives up. */
export function retryDueAt(firstAttemptAtMs: number, failures: number): number | undefined {
  const after = RETRY_BASE_MS * (2 ** failures - 1);
  return after <= GIVE_UP_AFTER_MS ? firstAttemptAtMs + after : undefined;
}

type Host = { state: State; now(): number; nowMs(): number; save(): void; log(line: string): void };

/**
 * Records events and delivers them to the configured endpoint, outside the request that caused
 * them. First attempts go out one at a time in creation order; a failed event is retried on its
 * own schedule so one bad event never holds back the rest (Stripe does not promise order either).
 */
export class Webhooks {
  private queue: string[] = [];
  private running = false;
  private stopped = false;
  private timers = new Set<NodeJS.Timeout>();
  /** The timer of each scheduled retry, so a clock move can bring it forward. */
  private retries = new Map<string, NodeJS.Timeout>();
  private inFlight = new AbortController();

  constructor(
    private readonly host: Host,
    readonly secret: string,
    private url: string | undefined,
  ) {
    // Deliveries interrupted by a restart go out again, retries at their time.
    for (const [id, d] of Object.entries(host.state.deliveries)) {
      if (d.status !== 'pending') continue;
      if (d.next_attempt_at_ms) this.scheduleRetry(id, d.next_attempt_at_ms);
      else this.queue.push(id);
    }
    this.schedule();
  }

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  emit(type: StripeEvent['type'], object: object, previous?: JsonObject): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: ApiVersion,
      created: this.host.now(),
      data: previous
        ? { object: clone(toJson(object)), previous_attributes: previous }
        : { object: clone(toJson(object)) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.host.state.events[event.id] = event;
    this.host.state.deliveries[event.id] = { status: this.url ? 'pending' : 'no_endpoint', attempts: [] };
    if (this.url) this.queue.push(event.id);
    this.schedule();
    return event;
  }

  /** Delivers the event again now, as a new run of attempts with its own retries. */
  resend(id: string): boolean {
    const delivery = this.host.state.deliveries[id];
    if (!delivery || !this.url) return false;
    this.cancelRetry(id);
    Object.assign(delivery, {
      status: 'pending',
      first_attempt_at_ms: null,
      failures: 0,
      next_attempt_at_ms: null,
    });
    this.queue.push(id);
    this.schedule();
    return true;
  }

  /** After the clock moved: every retry now due goes out (in the order they fell due). */
  wake(): void {
    const now = this.host.nowMs();
    const due = Object.entries(this.host.state.deliveries)
      .filter(
        ([id, d]) =>
          d.status === 'pending' &&
          d.next_attempt_at_ms &&
          d.next_attempt_at_ms <= now &&
          this.retries.has(id),
      )
      .sort(([, a], [, b]) => (a.next_attempt_at_ms ?? 0) - (b.next_attempt_at_ms ?? 0));
    for (const [id] of due) {
      this.cancelRetry(id);
      this.queue.push(id);
    }
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    for (const t of this.retries.values()) clearTimeout(t);
    this.inFlight.abort();
  }

  private later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private scheduleRetry(id: string, atMs: number): void {
    const t = this.later(Math.max(0, atMs - this.host.nowMs()), () => {
      this.retries.delete(id);
      this.queue.push(id);
      this.schedule();
    });
    this.retries.set(id, t);
  }

  private cancelRetry(id: string): void {
    const t = this.retries.get(id);
    if (!t) return;
    clearTimeout(t);
    this.timers.delete(t);
    this.retries.delete(id);
  }

  /** Never delivers synchronously: the request that caused the event answers first. */
  private schedule(): void {
    if (this.running || this.stopped || this.queue.length === 0) return;
    this.running = true;
    this.later(0, () => void this.pump());
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.queue.length > 0) {
      const id = this.queue.shift() as string;
      await this.attempt(id);
    }
    this.running = false;
  }

  private async attempt(id: string): Promise<void> {
    const event = this.host.state.events[id];
    const delivery: Delivery | undefined = this.host.state.deliveries[id];
    const url = this.url;
    if (!event || !delivery || !url || delivery.status !== 'pending') return;
    const atMs = this.host.nowMs();
    const payload = JSON.stringify(event, null, 2);
    // Real time, not the emulator clock: receivers check the timestamp against their own clock.
    const header = signatureHeader(payload, this.secret, Math.floor(Date.now() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
        signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(10_000)]),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      error = (err as Error).message;
    }
    if (this.stopped) return;
    delivery.attempts.push({ at: Math.floor(atMs / 1000), at_ms: atMs, url, status, error });
    this.host.log(`webhook ${event.type} ${id} -> ${status ?? error}`);
    const first = delivery.first_attempt_at_ms ?? atMs;
    if (status !== null && status >= 200 && status < 300) {
      Object.assign(delivery, {
        status: 'delivered',
        first_attempt_at_ms: null,
        failures: 0,
        next_attempt_at_ms: null,
      });
      event.pending_webhooks = 0;
    } else {
      const failures = (delivery.failures ?? 0) + 1;
      const due = retryDueAt(first, failures);
      Object.assign(delivery, {
        status: due === undefined ? 'failed' : 'pending',
        first_attempt_at_ms: first,
        failures,
        next_attempt_at_ms: due ?? null,
      });
      if (due !== undefined) this.scheduleRetry(id, due);
    }
    this.host.save();
  }
}
