import type { Ctx } from './context';

// Injected failures for tests (POST /_emulator/faults): the next `times` API requests matching a
// method and a path pattern are handled in full (state changed, the answer stored under the request's
// Idempotency-Key) and then the connection is dropped before any answer: what a client sees when the
// network fails after Stripe acted. A retry with the same key then gets the stored answer, as from Stripe.

export interface Fault {
  method: string;
  path: RegExp;
  remaining: number;
}

const faults = new WeakMap<Ctx, Fault[]>();

export function addFault(ctx: Ctx, fault: Fault): void {
  faults.set(ctx, [...(faults.get(ctx) ?? []), fault]);
}

export function clearFaults(ctx: Ctx): void {
  faults.delete(ctx);
}

export function listFaults(ctx: Ctx): Fault[] {
  return faults.get(ctx) ?? [];
}

/** Whether this handled request's answer is to be lost (counts it against its fault). */
export function takeFault(ctx: Ctx, method: string, path: string): boolean {
  const fault = (faults.get(ctx) ?? []).find(
    (f) => f.remaining > 0 && f.method === method && f.path.test(path),
  );
  if (!fault) return false;
  fault.remaining--;
  return true;
}
