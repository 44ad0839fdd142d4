import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';

import { paymentIntentOf, type Api, type Bff, type User } from '../support/bff';

import type { Fault, Plan } from './plans';
import { describePlan } from './plans';

// The rounds' stack, their users and their requests: a Round sends each request as a user would
// (retrying what the api-client retries) and keeps its journal; helpers buy, add, remove, pay, inject
// Stripe faults and wait for the webhooks a round caused.

// --- the stack and its users --------------------------------------------------------------------------

let bff: Bff;
/** The deployment's machine limit in these rounds (by default there is none). */
export const MACHINE_LIMIT = 3;
/** The round's stack, started by the test file. */
export function useStack(started: Bff): void {
  bff = started;
}
/** The stack the rounds run on. */
export const stack = (): Bff => bff;

export type License = { key: string; expirationDate: string };
export interface Subscribed {
  user: User;
  customerId: string;
  subscriptionId: string;
}

/** One request of a round and every answer it got (the first, then the user's retries). */
export interface Op {
  label: string;
  statuses: string[];
  final?: Api;
}

export const roundTotals = {
  rounds: 0,
  operations: 0,
  requests: 0,
  violations: 0,
  /** Stripe events whose webhook was not delivered and answered 2xx in time. */
  missingWebhooks: 0,
  first5xx: 0,
  allowed5xx: 0,
  unexpected5xx: 0,
  final5xx: 0,
  skipped: 0,
  /** How often each 5xx and 409 was answered (first answers and retries). */
  answers: {} as Record<string, number>,
  failed: [] as string[],
};

export class Round {
  ops: Op[] = [];
  notes: string[] = [];
  /** The round's account, once it has one (checked even when the round fails halfway). */
  user?: User;
  constructor(
    readonly n: number,
    readonly plan: Plan,
    readonly seed: number,
  ) {}

  get journal(): string {
    return [
      `round ${this.n} seed ${this.seed} (reproduce: ROUNDS_SEED=${this.seed} ROUNDS_ONLY=${this.n}): ${describePlan(this.plan)}`,
      ...this.ops.map((o) => `  ${o.label} -> ${o.statuses.join(', ')}`),
      ...this.notes.map((n) => `  note: ${n}`),
    ].join('\n');
  }

  /**
   * One user request: retried with the same key (as the api-client keeps it) after a 5xx or a 409
   * BUSY / REQUEST_IN_PROGRESS, for up to 45 s (a lease or a run left by a failed handler expires in 20 s).
   */
  async send(
    label: string,
    method: string,
    route: string,
    opts: { user: User; body?: unknown; query?: Record<string, string>; key?: string },
  ): Promise<Api> {
    const op: Op = { label, statuses: [] };
    this.ops.push(op);
    const headers = opts.key ? { 'idempotency-key': opts.key } : undefined;
    const until = Date.now() + 45_000;
    for (let attempt = 0; ; attempt++) {
      const res = await bff.call(method, route, {
        user: opts.user,
        body: opts.body,
        query: opts.query,
        headers,
      });
      op.statuses.push(`${res.status}${res.body.error?.code ? ` ${res.body.error.code}` : ''}`);
      op.final = res;
      const again =
        res.status >= 500 ||
        (res.status === 409 && ['BUSY', 'REQUEST_IN_PROGRESS'].includes(String(res.body.error?.code)));
      if (!again || Date.now() > until) return res;
      await sleep(Math.min(250 * (attempt + 1), 1500));
    }
  }

  expect(condition: boolean, what: string): void {
    if (!condition) throw new Error(`${what}\n${this.journal}`);
  }
}

export const newKey = () => randomUUID();

export async function licenses(user: User): Promise<License[]> {
  const res = await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } });
  if (res.status !== 200) throw new Error(`get-licenses answered ${res.status}`);
  return res.body.licenses as License[];
}
export const renewing = (ls: License[]) => ls.filter((l) => l.expirationDate === 'NONE');

/** Stripe's renewing quantity of the account's subscription (0 once it ends or will end). */
export async function stripeRenewing(subscriptionId: string): Promise<number> {
  const sub = await bff.stripe.subscriptions.retrieve(subscriptionId);
  if (!['active', 'trialing'].includes(sub.status) || sub.cancel_at_period_end) return 0;
  return sub.items.data[0]?.quantity ?? 0;
}

/** Pays a checkout's payment intent with the test card: the payment method, or Stripe's error code. */
export async function pay(
  sec: string,
  card = 'pm_card_visa',
): Promise<{ pmid: string } | { refused: string }> {
  try {
    const pi = await bff.stripe.paymentIntents.confirm(paymentIntentOf(sec), {
      payment_method: card,
    });
    const pm = pi.payment_method;
    return { pmid: (typeof pm === 'string' ? pm : pm?.id) ?? '' };
  } catch (err) {
    return { refused: String((err as { code?: unknown }).code ?? err) };
  }
}

/** Pays with the test card, which Stripe accepts: the payment method. */
export async function paid(r: Round, sec: string, card?: string): Promise<string> {
  const result = await pay(sec, card);
  r.expect('pmid' in result && result.pmid !== '', `the test card was refused: ${JSON.stringify(result)}`);
  return 'pmid' in result ? result.pmid : '';
}

export const setupCheckout = (r: Round, label: string, user: User, count: number, key = newKey()) =>
  r.send(label, 'POST', 'setup-checkout', { user, key, body: { uid: user.uid, email: user.email, count } });

export const completeCheckout = (r: Round, label: string, user: User, pmid: string) =>
  r.send(label, 'GET', 'complete-checkout', { user, query: { uid: user.uid, pmid } });

export async function newUser(r: Round): Promise<User> {
  r.user = await bff.newUser();
  return r.user;
}

/** A fresh user with an active subscription of `count` licenses, bought through the real flow. */
export async function subscribed(r: Round, count: number, card?: string): Promise<Subscribed> {
  const user = await newUser(r);
  const setup = await setupCheckout(r, `setup: checkout ${count}`, user, count);
  r.expect(setup.status === 200, 'setup-checkout failed');
  const pmid = await paid(r, String(setup.body.sec), card);
  const done = await completeCheckout(r, 'setup: complete-checkout', user, pmid);
  r.expect(done.status === 200, 'complete-checkout failed');
  return {
    user,
    customerId: String(setup.body.customerId),
    subscriptionId: String(setup.body.subscriptionId),
  };
}

/**
 * A card of its own (a random Visa number): the guarantee's refund is once per card a year, and each
 * billing round is another household.
 */
export async function cardOfItsOwn(): Promise<string> {
  const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  const sum = digits
    .slice()
    .reverse()
    .reduce((n, d, i) => n + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  const number = [...digits, (10 - (sum % 10)) % 10].join('');
  const pm = await bff.stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  return pm.id;
}

export const add = (r: Round, s: Subscribed, count: number, key = newKey(), label = `add +${count}`) =>
  r.send(label, 'PUT', 'add-licenses', {
    user: s.user,
    key,
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, count },
  });

export const remove = (
  r: Round,
  s: Subscribed,
  keys: string[],
  key = newKey(),
  label = `remove -${keys.length}`,
) =>
  r.send(label, 'PUT', 'remove-licenses', {
    user: s.user,
    key,
    body: { customerId: s.customerId, subscriptionId: s.subscriptionId, licenseKeys: keys },
  });

export async function stripeFault(
  kind: Exclude<Fault['kind'], 'throttle'>,
  method: string,
  path: string,
  times: number,
): Promise<void> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, method, path, times }),
  });
  if (res.status !== 200) throw new Error(`fault refused: ${await res.text()}`);
}

export async function clearFaults(): Promise<{ remaining: number }[]> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/faults`);
  const left = ((await res.json()) as { data: { remaining: number }[] }).data;
  await fetch(`${bff.info.stripeApi}/_emulator/faults`, { method: 'DELETE' });
  bff.iamGate.clearThrottles();
  return left;
}

/** How long a round waits for Stripe's webhooks about it (the emulator gives one up after about 21 s). */
export const WEBHOOK_DEADLINE_MS = 60_000;

export interface EmulatorEvent {
  id: string;
  type: string;
  object_id: string | null;
  delivery: { status: string; attempts: { status: number | null; error: string | null }[] } | null;
}

export async function emulatorEvents(): Promise<EmulatorEvent[]> {
  const res = await fetch(`${bff.info.stripeApi}/_emulator/events`);
  if (res.status !== 200) throw new Error(`the emulator's event list answered ${res.status}`);
  return ((await res.json()) as { data: EmulatorEvent[] }).data;
}

/**
 * Waits until every event Stripe sent since `before` was delivered to the webhook and answered 2xx
 * (the emulator marks it delivered only then). Answers one line per event that was not, by the
 * deadline or because the emulator gave it up: what the round's checks would otherwise run without.
 */
export async function webhooksHandled(before: Set<string>): Promise<string[]> {
  const until = Date.now() + WEBHOOK_DEADLINE_MS;
  for (;;) {
    const undelivered = (await emulatorEvents()).filter(
      (e) => !before.has(e.id) && e.delivery?.status !== 'delivered',
    );
    const waiting = undelivered.filter((e) => e.delivery?.status === 'pending');
    if (undelivered.length === 0) return [];
    if (waiting.length === 0 || Date.now() > until) {
      return undelivered.map((e) => {
        const answers = (e.delivery?.attempts ?? []).map((t) => t.status ?? t.error).join(', ');
        const state = e.delivery?.status ?? 'no delivery';
        return `webhook ${e.type} ${e.id} (${e.object_id ?? 'no object'}) not handled: ${state}${answers ? `, answered ${answers}` : ', never answered'}`;
      });
    }
    await sleep(200);
  }
}

export const WRITES = ['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem'];
