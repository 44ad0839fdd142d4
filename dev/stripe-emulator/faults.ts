import type { Ctx } from './context';

// Injected failures for tests (POST /_emulator/faults): the next `times` API requests matching a
// method and a path pattern are handled in full (state changed, the answer stored under the request's
// Idempotency-Key) and then the connection is dropped before any answer: what a client sees when the
// network fails after Stripe acted. A retry with the same key then gets the stored answer, as from Stripe.
// Kind `error`: the next `times` matching requests are answered Stripe's 500 (`api_error`) before
// execution began (nothing changed, nothing stored under the key), so the SDK's own retry or a later
// one works. Kinds `error-stored` and `error-after-change`: a 500 after execution began, stored under
// the request's Idempotency-Key so every retry with that key gets it again, as from Stripe; with
// `error-stored` nothing changed, with `error-after-change` the request was carried out in full.
// Kinds `idempotency-key-in-use` (409), `rate-limit` (429 `rate_limit`) and `lock-timeout` (429
// `lock_timeout`): Stripe's documented answers of a busy API (errors.ts), before execution began, nothing
// changed and nothing stored under the key, with Stripe's headers, so the SDK retries exactly those that
// Stripe lets it retry (409 and lock_timeout).

const KINDS = [
  'drop',
  'error',
  'error-stored',
  'error-after-change',
  'idempotency-key-in-use',
  'rate-limit',
  'lock-timeout',
] as const;

export type FaultKind = (typeof KINDS)[number];

/** The kinds answered before execution, without touching the state or the Idempotency-Key. */
export const BEFORE_EXECUTION: readonly FaultKind[] = [
  'error',
  'idempotency-key-in-use',
  'rate-limit',
  'lock-timeout',
];

export interface Fault {
  method: string;
  path: RegExp;
  remaining: number;
  /** `drop` (the default): handled, then the answer lost; the others: a 500 (see above). */
  kind?: FaultKind;
}

export const isFaultKind = (kind: string): kind is FaultKind => (KINDS as readonly string[]).includes(kind);

export const FAULT_KINDS: readonly string[] = KINDS;

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

/** Whether a fault of this kind applies to this request (counts it against its fault). */
export function takeFault(ctx: Ctx, method: string, path: string, kind: FaultKind = 'drop'): boolean {
  return takeFirstFault(ctx, method, path, [kind]) === kind;
}

/** The first remaining fault of one of `kinds` that matches this request, counted against it. */
export function takeFirstFault(
  ctx: Ctx,
  method: string,
  path: string,
  kinds: readonly FaultKind[],
): FaultKind | undefined {
  const fault = (faults.get(ctx) ?? []).find(
    (f) => f.remaining > 0 && kinds.includes(f.kind ?? 'drop') && f.method === method && f.path.test(path),
  );
  if (!fault) return undefined;
  fault.remaining--;
  return fault.kind ?? 'drop';
}
