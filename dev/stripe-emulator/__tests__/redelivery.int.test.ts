import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeEmulator } from '../index';
import { retryDueAt } from '../webhooks';
import { advance, now, start } from './helpers';

// Webhook redelivery on Stripe's documented schedule (exponential backoff for up to three days), on
// the emulator clock: the test moves the clock to each retry's time instead of waiting for it.

type Logged = {
  id: string;
  type: string;
  delivery: {
    status: string;
    attempts: { at_ms: number; status: number | null }[];
    next_attempt_at_ms?: number | null;
  };
};

/** An endpoint that answers each event `answer(eventId, attemptNumber)` and counts what it gets. */
function endpoint(answer: (id: string, attempt: number) => number) {
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      const attempt = (seen.get(id) ?? 0) + 1;
      seen.set(id, attempt);
      res.writeHead(answer(id, attempt)).end();
    });
  });
  return {
    seen,
    start: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function logged(emulator: StripeEmulator, id: string): Promise<Logged> {
  const res = await fetch(`${emulator.url}/_emulator/events`);
  const event = ((await res.json()) as { data: Logged[] }).data.find((e) => e.id === id);
  if (!event) throw new Error(`no event ${id}`);
  return event;
}

/** Waits until the event's delivery log shows `count` attempts (what the emulator did, not a pause). */
async function attempts(emulator: StripeEmulator, id: string, count: number): Promise<Logged> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const event = await logged(emulator, id);
    if (event.delivery.attempts.length >= count) return event;
    if (Date.now() > deadline)
      throw new Error(`${id}: ${event.delivery.attempts.length} attempts, not ${count}`);
    await sleep(20);
  }
}

const THREE_DAYS_MS = 3 * 24 * 60 * 60 * 1000;

test('a delivery answered 5xx is retried at the scheduled times as the clock moves, and given up after three days', async () => {
  const hook = endpoint(() => 503);
  const { emulator, stripe } = await start();
  try {
    emulator.setWebhookUrl(await hook.start());
    await stripe.customers.create({ email: 'retry@example.com' });
    const [created] = (await stripe.events.list({ type: 'customer.created' })).data;
    if (!created) throw new Error('no event');
    const first = (await attempts(emulator, created.id, 1)).delivery.attempts[0]?.at_ms ?? 0;

    let retries = 0;
    for (let due = retryDueAt(first, 1); due !== undefined; due = retryDueAt(first, retries + 1)) {
      retries++;
      // To the second the retry is due (the clock moves in whole seconds; the first retries are
      // sub-second apart, so a move can make more than one due): it goes out, and none early.
      await advance(emulator, { to: Math.ceil(due / 1000) });
      const at = (await attempts(emulator, created.id, retries + 1)).delivery.attempts.map((a) => a.at_ms);
      at.forEach((t, n) => expect(t).toBeGreaterThanOrEqual(n === 0 ? first : (retryDueAt(first, n) ?? 0)));
      // The clock read after the log: no more attempts than retries due by then (the end of its second).
      const by = ((await now(emulator)) + 1) * 1000;
      let dueByNow = 0;
      while ((retryDueAt(first, dueByNow + 1) ?? Infinity) <= by) dueByNow++;
      expect(at.length).toBeLessThanOrEqual(1 + dueByNow);
    }
    // Exponential backoff: each wait twice the one before; the last retry within three days.
    const event = await logged(emulator, created.id);
    const at = event.delivery.attempts.map((a) => a.at_ms);
    expect(retries).toBe(19);
    expect(at[19]).toBeLessThanOrEqual(first + THREE_DAYS_MS);
    expect(event.delivery).toMatchObject({ status: 'failed', next_attempt_at_ms: null });
    expect(event.delivery.attempts.every((a) => a.status === 503)).toBe(true);

    // A day later still nothing more: the endpoint got exactly the 20 attempts in the log.
    await advance(emulator, { seconds: 24 * 60 * 60 });
    expect((await logged(emulator, created.id)).delivery.attempts).toHaveLength(20);
    expect(hook.seen.get(created.id)).toBe(20);
  } finally {
    await emulator.stop();
    await hook.stop();
  }
});

test('retries stop once the endpoint answers 2xx', async () => {
  // 500 three times, then 200.
  const hook = endpoint((_id, attempt) => (attempt <= 3 ? 500 : 200));
  const { emulator, stripe } = await start();
  try {
    emulator.setWebhookUrl(await hook.start());
    await stripe.customers.create({ email: 'heals@example.com' });
    const [created] = (await stripe.events.list({ type: 'customer.created' })).data;
    if (!created) throw new Error('no event');
    const first = (await attempts(emulator, created.id, 1)).delivery.attempts[0]?.at_ms ?? 0;
    for (const n of [1, 2, 3]) await advance(emulator, { to: Math.ceil((retryDueAt(first, n) ?? 0) / 1000) });
    const healed = await attempts(emulator, created.id, 4);
    expect(healed.delivery.attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(healed.delivery).toMatchObject({ status: 'delivered', next_attempt_at_ms: null });

    await advance(emulator, { seconds: 4 * 24 * 60 * 60 });
    expect((await logged(emulator, created.id)).delivery.attempts).toHaveLength(4);
    expect(hook.seen.get(created.id)).toBe(4);
  } finally {
    await emulator.stop();
    await hook.stop();
  }
});
