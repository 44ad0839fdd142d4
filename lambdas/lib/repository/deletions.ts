import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../src/lib/email-address';
import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table } from './client';
import { DELETION_SK, deletionPk } from './keys';

// That an account was deleted, for support (scripts/support lookup): found by a hash of the account's
// address (in its one form), never the address or the uid, kept a year. It says when, how (through the
// site, or straight at Cognito and cleaned up after) and what the deletion ended.

const KEEP_SECONDS = 366 * 24 * 3600;

export interface Deletion {
  /** ISO time. */
  deletedAt: string;
  /** Through the site's Delete Account (delete-customer), or the user deleted straight at Cognito. */
  via: 'site' | 'cognito';
  /** A subscription in force was cancelled by the deletion. */
  subscriptionCanceled: boolean;
  /** Licenses the account had given to other people that ended with it. */
  licensesGivenEnded: number;
}

const key = (address: string) => {
  const hash = createHash('sha256')
    .update(`deleted:${normalizeEmail(address)}`)
    .digest('base64url');
  return { [PARTITION_KEY]: deletionPk(hash), [SORT_KEY]: DELETION_SK };
};

/** Records the deletion of the account with this address (a retry writes the same again). */
export async function recordDeletion(address: string, d: Deletion): Promise<void> {
  await db().put({
    TableName: table(),
    Item: {
      ...key(address),
      ...d,
      [TTL_ATTRIBUTE]: Math.floor(Date.parse(d.deletedAt) / 1000) + KEEP_SECONDS,
    },
  });
}

/** The last deletion of an account with this address within the year, if any. */
export async function readDeletion(address: string): Promise<Deletion | undefined> {
  const out = await db().get({ TableName: table(), Key: key(address), ConsistentRead: true });
  const item = out.Item;
  if (!item) return undefined;
  const ttl = item[TTL_ATTRIBUTE];
  if (typeof ttl === 'number' && ttl <= Date.now() / 1000) return undefined;
  return {
    deletedAt: String(item.deletedAt),
    via: item.via === 'cognito' ? 'cognito' : 'site',
    subscriptionCanceled: item.subscriptionCanceled === true,
    licensesGivenEnded: Number(item.licensesGivenEnded ?? 0),
  };
}
