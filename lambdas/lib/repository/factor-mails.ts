import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, isConditionFailure, table, updateIf } from './client';
import { userPk } from './keys';

// The mails about an account's factors, collapsed per kind and window (lib/security-mails.ts), one
// record per topic: the second factor (turned on, replaced, turned off) under USER#<uid> / FACTOR_MAILS,
// the passkeys (added, removed) under USER#<uid> / PASSKEY_MAILS. A record holds when a mail of each
// kind was last sent at once, when a held change was last mailed, and whether a change waits (held;
// `replaced` when the change to report first came meanwhile: an authenticator app replacing another,
// or a passkey added). A held change is listed under HELD_FACTOR_MAILS by the time it may be mailed,
// with its topic, so the job that sends them (lambdas/jobs/held-security-mails.ts) queries one partition.

/** What a record of held mails is about. */
export type MailTopic = 'two-factor' | 'passkeys';
const RECORD_SK: Record<MailTopic, string> = { 'two-factor': 'FACTOR_MAILS', passkeys: 'PASSKEY_MAILS' };
const HELD_PK = 'HELD_FACTOR_MAILS';
/** A listing outlives its due time by a day, then DynamoDB may remove it (the job has dealt with it). */
const LISTING_KEEP_SECONDS = 86_400;

const recordKey = (uid: string, topic: MailTopic) => ({
  [PARTITION_KEY]: userPk(uid),
  [SORT_KEY]: RECORD_SK[topic],
});
/** Zero-padded epoch ms, so that the sort key orders by time; the second factor's keeps its old form. */
const heldSk = (dueMs: number, uid: string, topic: MailTopic) =>
  `${String(dueMs).padStart(15, '0')}#${uid}${topic === 'two-factor' ? '' : `#${topic}`}`;
const sentAttribute = (kind: string) => `sentMs:${kind}`;
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export interface HeldFactorMail {
  uid: string;
  topic: MailTopic;
  /** Epoch ms from when it may be sent. */
  dueMs: number;
}

/** What a held mail knew when it was taken for sending (to give it back if sending fails). */
export interface TakenFactorMail {
  replaced: boolean;
  /** The CloudTrail time of the latest held change. */
  changedAt: string;
  /** When a held change was mailed before (epoch ms; 0 for never). */
  flushedMs: number;
}

/**
 * Records a mail of `kind` sent now, when none of that kind was sent at once in the `windowMs` before
 * `nowMs`; it tells the latest state, so a held change is settled by it. Answers whether a replacement
 * of the authenticator app was held until then (the mail must say so); undefined (nothing written)
 * when a mail of that kind was sent within the window.
 */
export async function claimFactorMail(
  uid: string,
  topic: MailTopic,
  kind: string,
  nowMs: number,
  windowMs: number,
): Promise<{ replacedMeanwhile: boolean; previousSentMs: number } | undefined> {
  try {
    const out = await db().update({
      TableName: table(),
      Key: recordKey(uid, topic),
      UpdateExpression: 'SET #sent = :now, #held = :no, #replaced = :no',
      ConditionExpression: 'attribute_not_exists(#sent) OR #sent <= :cutoff',
      ExpressionAttributeNames: { '#sent': sentAttribute(kind), '#held': 'held', '#replaced': 'replaced' },
      ExpressionAttributeValues: { ':now': nowMs, ':no': false, ':cutoff': nowMs - windowMs },
      ReturnValues: 'ALL_OLD',
    });
    const old = out.Attributes ?? {};
    return {
      replacedMeanwhile: old.held === true && old.replaced === true,
      previousSentMs: num(old[sentAttribute(kind)]),
    };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Undoes a claim whose mail could not be sent (its change is then held, and due at once). */
export async function releaseFactorClaim(
  uid: string,
  topic: MailTopic,
  kind: string,
  previousSentMs: number,
): Promise<void> {
  await updateIf({
    Key: recordKey(uid, topic),
    UpdateExpression: 'SET #sent = :previous',
    ExpressionAttributeNames: { '#sent': sentAttribute(kind) },
    ExpressionAttributeValues: { ':previous': previousSentMs },
  });
}

/**
 * Holds a change of `kind` for a later mail: due when the window after the last mail of its kind has
 * closed and a window has passed since a held change was last mailed. A replacement of the
 * authenticator app stays marked until a mail goes. Answers the listing it made.
 */
export async function holdFactorMail(
  uid: string,
  topic: MailTopic,
  kind: string,
  change: { replaced: boolean; at: string },
  windowMs: number,
): Promise<HeldFactorMail> {
  const names: Record<string, string> = { '#held': 'held', '#at': 'changedAt' };
  const values: Record<string, unknown> = { ':yes': true, ':at': change.at };
  let update = 'SET #held = :yes, #at = :at';
  if (change.replaced) {
    names['#replaced'] = 'replaced';
    update += ', #replaced = :yes';
  }
  const record = await updateIf({
    Key: recordKey(uid, topic),
    UpdateExpression: update,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
  const dueMs = Math.max(num(record?.[sentAttribute(kind)]), num(record?.flushedMs)) + windowMs;
  await db().put({
    TableName: table(),
    Item: {
      [PARTITION_KEY]: HELD_PK,
      [SORT_KEY]: heldSk(dueMs, uid, topic),
      uid,
      topic,
      dueMs,
      [TTL_ATTRIBUTE]: Math.floor(dueMs / 1000) + LISTING_KEEP_SECONDS,
    },
  });
  return { uid, topic, dueMs };
}

/** The listings due by `nowMs`, oldest first. */
export async function dueFactorMails(nowMs: number): Promise<HeldFactorMail[]> {
  const out: HeldFactorMail[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().query({
      TableName: table(),
      KeyConditionExpression: '#pk = :pk AND #sk <= :until',
      ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#sk': SORT_KEY },
      ExpressionAttributeValues: { ':pk': HELD_PK, ':until': heldSk(nowMs, '\uffff', 'two-factor') },
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      if (typeof item.uid === 'string' && typeof item.dueMs === 'number') {
        // Listings from before passkeys have no topic: they are the second factor's.
        const topic: MailTopic = item.topic === 'passkeys' ? 'passkeys' : 'two-factor';
        out.push({ uid: item.uid, topic, dueMs: item.dueMs });
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Takes the account's held change for mailing at `nowMs`, when one is held and no held change was
 * mailed in the window before. Undefined when there is nothing to send now: a mail since told the
 * latest state, or one was mailed within the window (the change's own listing is due later).
 */
export async function takeHeldFactorMail(
  uid: string,
  topic: MailTopic,
  nowMs: number,
  windowMs: number,
): Promise<TakenFactorMail | undefined> {
  try {
    const out = await db().update({
      TableName: table(),
      Key: recordKey(uid, topic),
      UpdateExpression: 'SET #flushed = :now, #held = :no, #replaced = :no',
      ConditionExpression: '#held = :yes AND (attribute_not_exists(#flushed) OR #flushed <= :cutoff)',
      ExpressionAttributeNames: { '#flushed': 'flushedMs', '#held': 'held', '#replaced': 'replaced' },
      ExpressionAttributeValues: { ':now': nowMs, ':no': false, ':yes': true, ':cutoff': nowMs - windowMs },
      ReturnValues: 'ALL_OLD',
    });
    const old = out.Attributes ?? {};
    return {
      replaced: old.replaced === true,
      changedAt: typeof old.changedAt === 'string' ? old.changedAt : new Date(nowMs).toISOString(),
      flushedMs: num(old.flushedMs),
    };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Puts back a held change that could not be mailed, so that the next run mails it. */
export async function giveBackFactorMail(
  uid: string,
  topic: MailTopic,
  taken: TakenFactorMail,
): Promise<void> {
  await updateIf({
    Key: recordKey(uid, topic),
    UpdateExpression: 'SET #flushed = :flushed, #held = :yes, #replaced = :replaced',
    ExpressionAttributeNames: { '#flushed': 'flushedMs', '#held': 'held', '#replaced': 'replaced' },
    ExpressionAttributeValues: { ':flushed': taken.flushedMs, ':yes': true, ':replaced': taken.replaced },
  });
}

/** Removes a listing the job has dealt with. */
export async function dropHeldListing(held: HeldFactorMail): Promise<void> {
  await db().delete({
    TableName: table(),
    Key: { [PARTITION_KEY]: HELD_PK, [SORT_KEY]: heldSk(held.dueMs, held.uid, held.topic) },
  });
}
