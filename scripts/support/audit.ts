import { randomBytes } from 'node:crypto';
import { db, table } from '../../lambdas/lib/repository/client';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../../lambdas/lib/table';

// The support tool's audit trail: one record per command, in a partition per account (AUDIT#<uid>, or
// AUDIT#unknown when the address matched no account), outside the user's own partition so closing the
// account does not erase what support did with it. Kept two years.

const KEEP_SECONDS = 2 * 365 * 24 * 3600;

export interface AuditRecord {
  /** ISO 8601. */
  at: string;
  operator: string;
  command: string;
  email: string;
  uid?: string;
  /** Where: the local stack or the deployment's site. */
  target: string;
  outcome: string;
  details?: Record<string, unknown>;
}

const pk = (uid: string | undefined) => `AUDIT#${uid ?? 'unknown'}`;

export async function writeAudit(record: AuditRecord): Promise<void> {
  await db().put({
    TableName: table(),
    Item: {
      [PARTITION_KEY]: pk(record.uid),
      [SORT_KEY]: `${record.at}#${randomBytes(4).toString('hex')}`,
      ...record,
      [TTL_ATTRIBUTE]: Math.floor(Date.parse(record.at) / 1000) + KEEP_SECONDS,
    },
  });
}

/** The account's latest audit records, newest first. */
export async function readAudit(uid: string, limit = 20): Promise<AuditRecord[]> {
  const out = await db().query({
    TableName: table(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY },
    ExpressionAttributeValues: { ':pk': pk(uid) },
    ScanIndexForward: false,
    Limit: limit,
  });
  return (out.Items ?? []) as AuditRecord[];
}
