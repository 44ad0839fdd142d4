export const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 8));
export const DEFAULT_SEED = 20261123;
export const SEED =
  process.env.ROUNDS_SEED === 'random'
    ? (Date.now() ^ Math.floor(Math.random() * 2 ** 32)) >>> 0
    : process.env.ROUNDS_SEED
      ? Number(process.env.ROUNDS_SEED) >>> 0
      : DEFAULT_SEED;
/** ROUNDS_VERBOSE=1 prints every round's journal. */
export const VERBOSE = Boolean(process.env.ROUNDS_VERBOSE);
export const ONLY = new Set(
  (process.env.ROUNDS_ONLY ?? '')
    .split(',')
    .filter(Boolean)
    .map((n) => Number(n)),
);

// --- the seeded draw ------------------------------------------------------------------------------

/** mulberry32: small, fast, and the same everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;

/** What the failure is injected into, and how. */
export type Fault =
  | { kind: 'drop'; method: 'POST'; path: 'update' | 'create' | 'refunds'; times: number }
  | {
      kind: 'error';
      method: 'POST' | 'GET';
      path: 'update' | 'create' | 'customer' | 'refunds';
      times: number;
    }
  // A 500 after execution began, stored under the request's key (with or without the change made).
  | { kind: 'error-stored' | 'error-after-change'; method: 'POST'; path: 'update' | 'refunds'; times: number }
  | { kind: 'throttle'; writesOnly: boolean; skip: number; times: number };

export type Action = 'add' | 'remove' | 'checkout' | 'complete';

/** The billing actions: leaving in one step, renewing removed licenses, the guarantee's refund. */
export type BillingAction = 'cancel' | 'renew' | 'refund';

export type Plan =
  | {
      scenario: 'billing';
      action: BillingAction;
      base: number;
      /** renew: the licenses removed first (all of them sets the subscription to end), and those renewed. */
      removed: number;
      renew: number;
      /** What it meets: another tab's add, the same click twice, or a failure and the user's retry. */
      race: { kind: 'add'; count: number } | { kind: 'double click' } | { kind: 'fault'; fault: Fault };
    }
  | { scenario: 'add/add'; base: number; counts: [number, number] }
  | { scenario: 'add/remove'; base: number; add: number; remove: number }
  | { scenario: 'remove/remove'; base: number; removes: [number, number]; overlap: boolean }
  | { scenario: 'two-tab checkouts'; counts: [number, number]; payIn: 'current' | 'stale' }
  | { scenario: 'double click'; action: Exclude<Action, 'complete'>; base: number; count: number }
  | {
      scenario: 'retry after fault';
      action: Action;
      base: number;
      count: number;
      fault: Fault;
      alongside: number;
    };

export const SCENARIOS = [
  'add/add',
  'add/remove',
  'remove/remove',
  'two-tab checkouts',
  'double click',
  'retry after fault',
  'retry after fault',
  'retry after fault',
  'billing',
  'billing',
  'billing',
] as const;

export function drawPlan(round: number, seed = SEED): Plan {
  // Each round has its own stream: the same seed and round always draw the same plan.
  const rng = prng((seed ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0);
  const scenario = pick(rng, SCENARIOS);
  switch (scenario) {
    case 'billing':
      return drawBilling(rng);
    case 'add/add': {
      const a = int(rng, 1, 3);
      let b = int(rng, 1, 3);
      if (b === a) b = (a % 3) + 1;
      return { scenario, base: int(rng, 1, 3), counts: [a, b] };
    }
    case 'add/remove': {
      // At least one license stays: removing all ends the subscription, and the racing add's answer
      // would then depend on which ran first (an add after that is tested on its own in checkout.int).
      const base = int(rng, 2, 4);
      return { scenario, base, add: int(rng, 1, 3), remove: int(rng, 1, base - 1) };
    }
    case 'remove/remove': {
      const base = int(rng, 2, 5);
      const overlap = rng() < 0.25;
      const first = int(rng, 1, overlap ? base : base - 1);
      const second = overlap ? first : int(rng, 1, base - first);
      return { scenario, base, removes: [first, second], overlap };
    }
    case 'two-tab checkouts': {
      const a = int(rng, 1, 4);
      const b = rng() < 0.25 ? a : ((a + int(rng, 0, 2)) % 4) + 1;
      // The user pays in the tab whose checkout is the account's (current), or in the other (stale:
      // its checkout was replaced by the later one, unless both asked the same count).
      return { scenario, counts: [a, b], payIn: rng() < 0.5 ? 'current' : 'stale' };
    }
    case 'double click': {
      const action = pick(rng, ['add', 'remove', 'checkout'] as const);
      const base = int(rng, 1, 4);
      return { scenario, action, base, count: action === 'remove' ? int(rng, 1, base) : int(rng, 1, 3) };
    }
    case 'retry after fault': {
      const kind = pick(rng, ['drop', 'error', 'throttle'] as const);
      const action: Action = pick(
        rng,
        kind === 'throttle'
          ? (['add', 'remove', 'checkout', 'complete'] as const)
          : (['add', 'remove', 'checkout'] as const),
      );
      let fault: Fault;
      if (kind === 'drop') {
        fault = {
          kind,
          method: 'POST',
          path: action === 'checkout' ? 'create' : 'update',
          times: int(rng, 1, 3),
        };
      } else if (kind === 'error' && action !== 'checkout' && rng() < 0.5) {
        fault = {
          kind: pick(rng, ['error-stored', 'error-after-change'] as const),
          method: 'POST',
          path: 'update',
          times: 1,
        };
      } else if (kind === 'error') {
        const method = rng() < 0.7 ? 'POST' : 'GET';
        const path =
          action === 'checkout' ? (method === 'GET' || rng() < 0.5 ? 'customer' : 'create') : 'update';
        fault = {
          kind,
          method: action === 'checkout' && path === 'customer' ? 'POST' : method,
          path,
          times: int(rng, 1, 3),
        };
      } else {
        fault = { kind, writesOnly: rng() < 0.7, skip: int(rng, 0, 6), times: pick(rng, [1, 2, 3, 4, 7]) };
      }
      const base = int(rng, 1, 4);
      // Another tab adds at the same time (only where the account already pays). Beside a removal,
      // only one that leaves a license renewing: removing all ends the subscription, and the other
      // tab's add would then be refused or not depending on which ran first.
      let alongside = action === 'add' || action === 'remove' ? (rng() < 0.3 ? int(rng, 1, 2) : 0) : 0;
      if (action === 'remove' && base === 1) alongside = 0;
      const removable = alongside ? base - 1 : base;
      return {
        scenario,
        action,
        base,
        count: action === 'remove' ? int(rng, 1, removable) : int(rng, 1, 3),
        fault,
        alongside,
      };
    }
  }
}

/** A billing action, and what it meets. Each draw has one right outcome whichever tab runs first. */
export function drawBilling(rng: Rng): Extract<Plan, { scenario: 'billing' }> {
  const action = pick(rng, ['cancel', 'renew', 'refund'] as const);
  const race = pick(rng, ['add', 'double click', 'fault', 'fault'] as const);
  const base = int(rng, action === 'renew' ? 2 : 1, 4);
  // Beside another tab's add, a renewal keeps one license renewing: with every license removed the
  // subscription ends, and the add would be refused or not depending on which ran first.
  const removed = action === 'renew' ? int(rng, 1, race === 'add' ? base - 1 : base) : 0;
  const renew = action === 'renew' ? int(rng, 1, removed) : 0;
  if (race === 'add')
    return {
      scenario: 'billing',
      action,
      base,
      removed,
      renew,
      race: { kind: 'add', count: int(rng, 1, 2) },
    };
  if (race === 'double click')
    return { scenario: 'billing', action, base, removed, renew, race: { kind: race } };
  const path = action === 'refund' ? ('refunds' as const) : ('update' as const);
  const kind = pick(rng, ['drop', 'error', 'error-stored', 'error-after-change', 'throttle'] as const);
  const fault: Fault =
    kind === 'throttle'
      ? { kind, writesOnly: rng() < 0.7, skip: int(rng, 0, 6), times: pick(rng, [1, 2, 3, 4, 7]) }
      : kind === 'drop' || kind === 'error'
        ? { kind, method: 'POST', path, times: int(rng, 1, 3) }
        : { kind, method: 'POST', path, times: 1 };
  return { scenario: 'billing', action, base, removed, renew, race: { kind: 'fault', fault } };
}

export const describeFault = (f: Fault) =>
  f.kind === 'throttle'
    ? `DynamoDB throttle x${f.times} after ${f.skip} ${f.writesOnly ? 'writes' : 'calls'}`
    : `Stripe ${{ drop: 'lost answer', error: '500', 'error-stored': 'stored 500', 'error-after-change': 'stored 500 after the change' }[f.kind]} x${f.times} on ${f.method} ${f.path}`;

export function describePlan(p: Plan): string {
  switch (p.scenario) {
    case 'billing': {
      const what =
        p.action === 'renew'
          ? `renew ${p.renew} of ${p.removed} removed from ${p.base}`
          : `${p.action} ${p.base}`;
      const race =
        p.race.kind === 'add'
          ? `another tab adds +${p.race.count}`
          : p.race.kind === 'fault'
            ? describeFault(p.race.fault)
            : 'double click';
      return `billing: ${what}, ${race}`;
    }
    case 'add/add':
      return `add/add from ${p.base}: +${p.counts[0]} || +${p.counts[1]}`;
    case 'add/remove':
      return `add/remove from ${p.base}: +${p.add} || -${p.remove}`;
    case 'remove/remove':
      return `remove/remove from ${p.base}: -${p.removes[0]} || -${p.removes[1]}${p.overlap ? ' (same keys)' : ''}`;
    case 'two-tab checkouts':
      return `two-tab checkouts: ${p.counts[0]} || ${p.counts[1]}, paid in the ${p.payIn} tab`;
    case 'double click':
      return `double click: ${p.action} ${p.action === 'remove' ? `-${p.count} from ${p.base}` : p.action === 'add' ? `+${p.count} to ${p.base}` : p.count}`;
    case 'retry after fault': {
      const fault = describeFault(p.fault);
      const what =
        p.action === 'add'
          ? `add +${p.count} to ${p.base}`
          : p.action === 'remove'
            ? `remove -${p.count} from ${p.base}`
            : `${p.action} ${p.count}`;
      return `retry after fault: ${what}, ${fault}${p.alongside ? `, another tab adds +${p.alongside}` : ''}`;
    }
  }
}

/** Whether the injected failure outlasts the SDK's own retries (Stripe: 3 attempts; AWS: 3 attempts). */
export function beyondSdkRetries(p: Plan): boolean {
  const f =
    p.scenario === 'retry after fault'
      ? p.fault
      : p.scenario === 'billing' && p.race.kind === 'fault'
        ? p.race.fault
        : undefined;
  if (!f) return false;
  // A stored 500 is replayed to every retry with its key: the SDK's retries cannot get past it.
  return f.kind === 'error-stored' || f.kind === 'error-after-change' || f.times >= 3;
}
