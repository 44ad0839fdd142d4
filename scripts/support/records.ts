import { db, table } from '../../lambdas/lib/repository/client';
import { idempotencySk, userPk } from '../../lambdas/lib/repository/keys';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../../lambdas/lib/table';

// What support reads of an account beyond the product's own reads: the user actions of the last day
// (their idempotency records, which the product keeps 24 hours).

export interface RecentAction {
  route: string;
  state: string;
  /** ISO 8601. */
  startedAt: string;
  status?: number;
}

export async function recentActions(uid: string): Promise<RecentAction[]> {
  const out = await db().query({
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
    ExpressionAttributeValues: { ':pk': userPk(uid), ':prefix': idempotencySk('') },
    ConsistentRead: true,
  });
  const now = Date.now() / 1000;
  return (out.Items ?? [])
    .filter((i) => typeof i[TTL_ATTRIBUTE] !== 'number' || (i[TTL_ATTRIBUTE] as number) > now)
    .map((i) => ({
      route: typeof i.route === 'string' ? i.route : '(an action)',
      state: String(i.state),
      startedAt: new Date(Number(i.startedAt)).toISOString(),
      ...(typeof (i.response as { statusCode?: unknown } | undefined)?.statusCode === 'number' && {
        status: (i.response as { statusCode: number }).statusCode,
      }),
    }))
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
