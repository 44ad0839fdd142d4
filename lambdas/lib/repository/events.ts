import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, isConditionFailure, table } from './client';
import { EVENT_SK, eventPk } from './keys';

// Stripe webhook events already handled (EVENT#<id>), kept 30 days: Stripe retries for 3 days, and a
// manual resend from the dashboard is possible later, which handling idempotently copes with anyway.

const KEEP_SECONDS = 30 * 24 * 3600;

const key = (eventId: string) => ({ [PARTITION_KEY]: eventPk(eventId), [SORT_KEY]: EVENT_SK });

export async function isEventProcessed(eventId: string): Promise<boolean> {
  const out = await db().get({ TableName: table(), Key: key(eventId), ConsistentRead: true });
  const expiresAt = out.Item?.[TTL_ATTRIBUTE];
  return !!out.Item && (typeof expiresAt !== 'number' || expiresAt > Date.now() / 1000);
}

/** Records the event once (conditional put); answers false when another delivery recorded it first. */
export async function recordEventProcessed(eventId: string, type: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await db().put({
      TableName: table(),
      Item: { ...key(eventId), type, processedAt: now, [TTL_ATTRIBUTE]: now + KEEP_SECONDS },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
