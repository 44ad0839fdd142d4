import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { isRefusal } from '../lib/api-error';
import type { ApiEvent } from '../lib/auth';
import { getConfig } from '../lib/config';
import { IdempotencyKeyReusedError, InvalidIdempotencyKeyError, RequestInProgressError } from '../lib/errors';
import { json, type Reply } from '../lib/reply';
import { claimIdempotencyKey, finishIdempotencyKey, getIdempotencyRecord, savePlan } from './action-record';
import { withAccountLease } from './lease';

// A user action (setup-checkout, add-licenses, remove-licenses, update-card, ...): run under the
// account's lease, and, when the client sends an Idempotency-Key, at most once per key (DESIGN.md,
// "User actions"). A retry of a done action gets the first answer; a double click waits for the first
// click's; a retry after a failure resumes with the plan the first run stored. A run silent for the
// lease's duration (config leaseMs, longer than a handler may run) is presumed dead and taken over.
/** How long a duplicate waits for the run in progress before answering REQUEST_IN_PROGRESS. */
const DUPLICATE_WAIT_MS = 7_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export interface UserAction {
  /** The client's key, when it sent one (part of the Stripe idempotency keys of the action). */
  key?: string;
  /**
   * This run's own id when the action has a key: a new one on every run, so a Stripe request of a run
   * resuming an interrupted one never reuses a key Stripe may have stored a 500 under.
   */
  attempt?: string;
  /**
   * The decision to act on: on a first run `decide()` is called and its answer stored before it is
   * used; a run resuming an interrupted one gets the stored decision instead.
   */
  plan<T>(decide: () => Promise<T> | T): Promise<T>;
}

function idempotencyKeyOf(event: ApiEvent): string | undefined {
  const headers = event.headers ?? {};
  const value =
    headers['idempotency-key'] ??
    Object.entries(headers).find(([k]) => k.toLowerCase() === 'idempotency-key')?.[1];
  if (value === undefined) return undefined;
  if (!KEY_PATTERN.test(value)) throw new InvalidIdempotencyKeyError();
  return value;
}

/** Stable JSON (sorted keys), so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The stored answer of the first run: the same handler made it, so it is that handler's Reply. */
function replay<T>(response: { statusCode: number; body: string }): Reply<T> {
  const result = json(response.statusCode, null, { 'idempotent-replayed': 'true' });
  return { ...result, body: response.body } as Reply<T>;
}

/**
 * Runs the action for `uid`: `request` names what is asked (route and validated input); `work` does
 * it while holding the account's lease. The record learns the outcome: the answer, or whether the
 * failure was a refusal (a retry decides afresh) or not (a retry resumes with the stored plan).
 */
export async function runUserAction<T>(
  event: ApiEvent,
  uid: string,
  request: { route: string; input: unknown },
  work: (action: UserAction) => Promise<Reply<T>>,
): Promise<Reply<T>> {
  const key = idempotencyKeyOf(event);
  if (!key) return withAccountLease(uid, () => work({ plan: async (decide) => decide() }));

  const hash = createHash('sha256')
    .update(`${request.route}\n${canonical(request.input)}`)
    .digest('hex');
  const owner = randomUUID();
  const giveUpAt = Date.now() + DUPLICATE_WAIT_MS;
  let claimed: { plan?: unknown } | undefined;
  for (let attempt = 0; ; attempt++) {
    claimed = await claimIdempotencyKey(
      uid,
      key,
      { route: request.route, hash },
      owner,
      Date.now() - getConfig().leaseMs,
    );
    if (claimed) break;
    const record = await getIdempotencyRecord(uid, key);
    if (!record) continue; // expired or freed in between: claim again
    if (record.requestHash !== hash) throw new IdempotencyKeyReusedError();
    if (record.state === 'done' && record.response) return replay<T>(record.response);
    if (Date.now() >= giveUpAt) throw new RequestInProgressError();
    await pause(Math.min(50 * 2 ** Math.min(attempt, 3), 300));
  }

  let plan = claimed.plan;
  const action: UserAction = {
    key,
    attempt: owner,
    plan: async <T>(decide: () => Promise<T> | T): Promise<T> => {
      if (plan !== undefined) return plan as T;
      const decided = await decide();
      await savePlan(uid, key, owner, decided);
      plan = decided;
      return decided;
    },
  };
  let result: Reply<T>;
  try {
    result = await withAccountLease(uid, () => work(action));
  } catch (err) {
    // A refusal forgets the plan only when this run decided it. A plan stored by an earlier,
    // interrupted run may already be done in Stripe and our records (a resumed run answering 409 BUSY
    // because that run's lease outlived it is one case): the next retry must resume with it, not decide
    // afresh against the state the plan itself produced.
    const inherited = claimed.plan !== undefined;
    await finishIdempotencyKey(uid, key, owner, isRefusal(err) && !inherited ? 'failed' : 'interrupted');
    throw err;
  }
  await finishIdempotencyKey(uid, key, owner, 'done', {
    statusCode: result.statusCode ?? 200,
    body: typeof result.body === 'string' ? result.body : '',
  });
  return result;
}
