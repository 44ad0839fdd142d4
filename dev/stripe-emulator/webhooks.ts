import { ApiVersion } from './version';
import { clone, type JsonObject } from './json';
import type { StripeEvent } from './objects';
import { signatureHeader } from './signature';
import { newId, type Delivery, type State } from './store';

/** Waits after the 1st, 2nd, ... failed attempt; once they run out the event is given up. */
const BACKOFF_MS = [200, 1000, 5000, 15000];

function succeeded(attempt: { status: number | null } | undefined): boolean {
  return !!attempt?.status && attempt.status >= 200 && attempt.status < 300;
}

type Host = { state: State; now(): number; save(): void; log(line: string): void };

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
  private inFlight = new AbortController();

  constructor(
    private readonly host: Host,
    readonly secret: string,
    private url: string | undefined,
  ) {
    // Deliveries interrupted by a restart go out again.
    for (const [id, d] of Object.entries(host.state.deliveries))
      if (d.status === 'pending') this.queue.push(id);
    this.schedule();
  }

  setUrl(url: string | undefined): void {
    this.url = url;
  }

  emit(type: string, object: JsonObject, previous?: JsonObject): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: ApiVersion,
      created: this.host.now(),
      data: previous ? { object: clone(object), previous_attributes: previous } : { object: clone(object) },
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

  resend(id: string): boolean {
    const delivery = this.host.state.deliveries[id];
    if (!delivery || !this.url) return false;
    delivery.status = 'pending';
    this.queue.push(id);
    this.schedule();
    return true;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.inFlight.abort();
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
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
    if (!event || !delivery || !url) return;
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
    delivery.attempts.push({ at: Math.floor(Date.now() / 1000), url, status, error });
    const ok = succeeded({ status });
    this.host.log(`webhook ${event.type} ${id} -> ${status ?? error}`);
    if (ok) {
      delivery.status = 'delivered';
      event.pending_webhooks = 0;
    } else {
      let failures = 0;
      for (let i = delivery.attempts.length - 1; i >= 0 && !succeeded(delivery.attempts[i]); i--) failures++;
      const wait = BACKOFF_MS[failures - 1];
      if (wait === undefined) delivery.status = 'failed';
      else
        this.later(wait, () => {
          this.queue.push(id);
          this.schedule();
        });
    }
    this.host.save();
  }
}
