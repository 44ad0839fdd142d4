import { createHash, randomUUID } from 'node:crypto';
import type { ApiEvent } from './auth';
import { withAccountLease } from './account-lease';
import { ApiError, badRequest, conflict, errorToResult, json, type Reply } from './http';
import {
  claimIdempotencyKey,
  finishIdempotencyKey,
  getIdempotencyRecord,
  savePlan,
} from './repository/idempotency';

// A user action (setup-checkout, add-licenses, remove-licenses, update-card): run under the account's
// lease, and, when the client sends an Idempotency-Key, at most once per key. The key is stored with a
// hash of the request and, once done, the answer: a retry of the same action gets the first answer; a
// double click waits for the first click's answer; a retry after a failure resumes with the plan the
// first run stored before it called Stripe, so Stripe sees the same request under the same key.

/** A run silent this long (more than the 15 s handler timeout) is presumed dead and may be taken over. */
const STALE_MS = 20_000;
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
  if (!KEY_PATTERN.test(value)) {
    throw badRequest(
      'INVALID_IDEMPOTENCY_KEY',
      'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_".',
    );
  }
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

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The stored answer of the first run: the same handler made it, so it is that handler's Reply. */
function replay<T>(response: { statusCode: number; body: string }): Reply<T> {
  const result = json(response.statusCode, null, { 'idempotent-replayed': 'true' });
  return { ...result, body: response.body } as Reply<T>;
}

/**
 * Runs the action for `uid`: `request` names what is asked (route and validated input); `work` does
 * it while holding the account's lease. Errors become answers here, so the record learns the outcome.
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
    claimed = await claimIdempotencyKey(uid, key, hash, owner, Date.now() - STALE_MS);
    if (claimed) break;
    const record = await getIdempotencyRecord(uid, key);
    if (!record) continue; // expired or freed in between: claim again
    if (record.requestHash !== hash) {
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
      );
    }
    if (record.state === 'done' && record.response) return replay<T>(record.response);
    if (Date.now() >= giveUpAt) {
      throw conflict('REQUEST_IN_PROGRESS', 'The same request is in progress. Try again shortly.');
    }
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
    result = errorToResult(err, event);
  }
  const status = result.statusCode ?? 200;
  if (status < 300) {
    await finishIdempotencyKey(uid, key, owner, 'done', {
      statusCode: status,
      body: typeof result.body === 'string' ? result.body : '',
    });
  } else {
    // A refusal forgets the plan only when this run decided it. A plan stored by an earlier,
    // interrupted run may already be done in Stripe and our records (a resumed run answering 409 BUSY
    // because that run's lease outlived it is one case): the next retry must resume with it, not decide
    // afresh against the state the plan itself produced.
    const inherited = claimed.plan !== undefined;
    await finishIdempotencyKey(uid, key, owner, status >= 500 || inherited ? 'interrupted' : 'failed');
  }
  return result;
}
