import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from './context';

// Modeled network and processing time (POST /_emulator/latency { ms }): every API answer waits this
// long before it is sent, so a local run can feel Stripe in production (a few hundred ms a request).
// 0 by default; the emulator's own controls, Stripe.js and receipt pages are never delayed. Kept in
// memory only, like the faults: a restarted emulator answers at once again.

const latency = new WeakMap<Ctx, number>();

export const MAX_LATENCY_MS = 60_000;

export function setLatency(ctx: Ctx, ms: number): void {
  latency.set(ctx, ms);
}

export function latencyOf(ctx: Ctx): number {
  return latency.get(ctx) ?? 0;
}

/** Resolves after the configured latency (at once when it is 0). */
export function delay(ctx: Ctx): Promise<void> {
  const ms = latencyOf(ctx);
  return ms > 0 ? sleep(ms) : Promise.resolve();
}
