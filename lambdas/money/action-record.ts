import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../lib/table';
import { db, isConditionFailure, table, updateIf } from '../lib/repository/client';
import { idempotencySk, userPk } from '../lib/repository/keys';

// A user action's idempotency record (USER#<uid> / IDEMPOTENCY#<key>, kept 24 hours): the hash of the
// request it was first used with, who is running it, the plan it decided on before calling Stripe (so
// a retry after a crash sends Stripe the same request with the same key) and, once done, its answer.
// Items past their TTL are treated as absent (DynamoDB deletes them only eventually).

const KEEP_SECONDS = 24 * 3600;

export type ActionState = 'started' | 'done' | 'failed' | 'interrupted';

export interface IdempotencyRecord {
  /** The action's route (add-licenses, ...), for support's view of an account's recent actions. */
  route?: string;
  requestHash: string;
  state: ActionState;
  owner: string;
  /** Epoch ms when the current owner started. */
  startedAt: number;
  plan?: unknown;
  response?: { statusCode: number; body: string };
}

const key = (uid: string, k: string) => ({ [PARTITION_KEY]: userPk(uid), [SORT_KEY]: idempotencySk(k) });

function toRecord(item: Record<string, unknown> | undefined): IdempotencyRecord | undefined {
  if (!item) return undefined;
  const expiresAt = item[TTL_ATTRIBUTE];
  if (typeof expiresAt === 'number' && expiresAt <= Date.now() / 1000) return undefined;
  return {
    ...(typeof item.route === 'string' && { route: item.route }),
    requestHash: String(item.requestHash),
    state: item.state as ActionState,
    owner: String(item.owner),
    startedAt: Number(item.startedAt),
    plan: item.plan,
    response: item.response as IdempotencyRecord['response'],
  };
}

export async function getIdempotencyRecord(uid: string, k: string): Promise<IdempotencyRecord | undefined> {
  const out = await db().get({ TableName: table(), Key: key(uid, k), ConsistentRead: true });
  return toRecord(out.Item);
}

/**
 * Starts (or takes over) the action: succeeds when the key is new or expired, or was used for the same
 * request and is not running (failed, interrupted, or started by a holder silent since `staleBefore`).
 * Answers the plan a previous run stored (to resume with), or undefined when the key was refused.
 */
export async function claimIdempotencyKey(
  uid: string,
  k: string,
  request: { route: string; hash: string },
  owner: string,
  staleBefore: number,
): Promise<{ plan?: unknown } | undefined> {
  const requestHash = request.hash;
  const now = Date.now();
  try {
    const out = await db().update({
      TableName: table(),
      Key: key(uid, k),
      UpdateExpression:
        'SET #route = :route, #hash = :hash, #state = :started, #owner = :owner, #startedAt = :now, #ttl = :ttl REMOVE #response',
      ConditionExpression:
        'attribute_not_exists(#pk) OR #ttl <= :nowS OR (#hash = :hash AND ' +
        '(#state IN (:failed, :interrupted) OR (#state = :started AND #startedAt < :stale)))',
      ExpressionAttributeNames: {
        '#pk': PARTITION_KEY,
        '#route': 'route',
        '#hash': 'requestHash',
        '#state': 'state',
        '#owner': 'owner',
        '#startedAt': 'startedAt',
        '#ttl': TTL_ATTRIBUTE,
        '#response': 'response',
      },
      ExpressionAttributeValues: {
        ':route': request.route,
        ':hash': requestHash,
        ':started': 'started',
        ':failed': 'failed',
        ':interrupted': 'interrupted',
        ':owner': owner,
        ':now': now,
        ':nowS': Math.floor(now / 1000),
        ':stale': staleBefore,
        ':ttl': Math.floor(now / 1000) + KEEP_SECONDS,
      },
      ReturnValues: 'ALL_OLD',
    });
    const old = toRecord(out.Attributes);
    // A plan survives only a takeover of the same request (an expired record starts afresh).
    return { plan: old && old.requestHash === requestHash ? old.plan : undefined };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Stores the plan the action decided on, before it acts on it (only while this owner runs it). */
export async function savePlan(uid: string, k: string, owner: string, plan: unknown): Promise<void> {
  await db().update({
    TableName: table(),
    Key: key(uid, k),
    UpdateExpression: 'SET #plan = :plan',
    ConditionExpression: '#owner = :owner AND #state = :started',
    ExpressionAttributeNames: { '#plan': 'plan', '#owner': 'owner', '#state': 'state' },
    ExpressionAttributeValues: { ':plan': plan, ':owner': owner, ':started': 'started' },
  });
}

/**
 * Ends this owner's run: `done` keeps the answer for replay; `failed` (the request was refused and
 * changed nothing) forgets the plan so a retry decides afresh; `interrupted` (an unexpected failure,
 * perhaps after Stripe acted) keeps it so a retry resumes with the same Stripe request.
 */
export async function finishIdempotencyKey(
  uid: string,
  k: string,
  owner: string,
  state: Exclude<ActionState, 'started'>,
  response?: { statusCode: number; body: string },
): Promise<void> {
  const names: Record<string, string> = { '#state': 'state', '#owner': 'owner' };
  const values: Record<string, unknown> = { ':state': state, ':owner': owner };
  let update = 'SET #state = :state';
  if (response) {
    names['#response'] = 'response';
    values[':response'] = response;
    update += ', #response = :response';
  }
  if (state === 'failed') {
    names['#plan'] = 'plan';
    update += ' REMOVE #plan';
  }
  // Taken over after this run was presumed dead: the new owner's outcome counts.
  await updateIf({
    Key: key(uid, k),
    UpdateExpression: update,
    ConditionExpression: '#owner = :owner',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}
