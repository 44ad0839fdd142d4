import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from '../index';

export type Received = { body: string; signature: string; event: Stripe.Event };

/** A local webhook endpoint that records what it receives; `failNext` answers 500 that many times. */
export class Receiver {
  readonly received: Received[] = [];
  failNext = 0;
  private server: Server;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly stripe: Stripe,
    private readonly secret: () => string,
  ) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature'] ?? '');
        if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(500).end('try again');
          return;
        }
        const event = this.stripe.webhooks.constructEvent(body, signature, this.secret());
        this.received.push({ body, signature, event });
        res.writeHead(200).end('ok');
        for (const w of this.waiters.splice(0)) w();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  types(): string[] {
    return this.received.map((r) => r.event.type);
  }

  /** Resolves once an event matching `pred` has arrived. */
  async waitFor(pred: (e: Stripe.Event) => boolean, timeoutMs = 8000): Promise<Stripe.Event> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find((r) => pred(r.event));
      if (hit) return hit.event;
      if (Date.now() > deadline) throw new Error(`timed out; got ${this.types().join(', ')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

export function sdk(emulator: StripeEmulator): Stripe {
  return new Stripe('sk_test_emulator', {
    host: '127.0.0.1',
    port: emulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

export async function start(
  opts: StripeEmulatorOptions = {},
): Promise<{ emulator: StripeEmulator; stripe: Stripe }> {
  const emulator = await startStripeEmulator({ port: 0, ...opts });
  return { emulator, stripe: sdk(emulator) };
}

export async function advance(
  emulator: StripeEmulator,
  body: { seconds?: number; to?: number },
): Promise<number> {
  const res = await fetch(`${emulator.url}/_emulator/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(await res.text());
  return ((await res.json()) as { now: number }).now;
}

export async function now(emulator: StripeEmulator): Promise<number> {
  const res = await fetch(`${emulator.url}/_emulator/clock`);
  return ((await res.json()) as { now: number }).now;
}

/** A product with a 15 USD monthly price, as the product sells. */
export async function monthlyPrice(stripe: Stripe, unitAmount = 1500): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'Stockbench license' });
  return stripe.prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: `license_${product.id}`,
  });
}
