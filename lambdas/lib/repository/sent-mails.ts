import { PARTITION_KEY, SORT_KEY, TTL_ATTRIBUTE } from '../table';
import { db, table, updateIf } from './client';
import { sentMailSk, userPk } from './keys';

// The mails about one event each (a receipt for one invoice, the notice of one cancellation, ...):
// USER#<uid> / MAIL#<mail id>. A mail is claimed with a conditional write before it is sent and marked
// sent after, so a webhook Stripe delivers twice, or two events about the same fact, send it once. A
// claim whose mail failed is given back; a claim left by a run that died (`sending` for longer than a
// run can live) may be taken over, so a crash loses no mail: it can repeat one only if the run died in
// the instant between SES accepting the mail and the mark.

/** Longer than any handler or job runs (15 s timeout) before its claim counts as abandoned. */
const ABANDONED_AFTER_MS = 5 * 60_000;
/** Stripe redelivers for 3 days, and a resend from its dashboard is possible for a while after. */
const KEEP_SECONDS = 400 * 24 * 3600;

const key = (uid: string, mailId: string) => ({
  [PARTITION_KEY]: userPk(uid),
  [SORT_KEY]: sentMailSk(mailId),
});

/** Whether the mail was sent (a claim still sending, or given back, is not). */
export async function mailWasSent(uid: string, mailId: string): Promise<boolean> {
  const out = await db().get({ TableName: table(), Key: key(uid, mailId), ConsistentRead: true });
  return out.Item?.state === 'sent';
}

/** Claims the mail for this run; false when it was sent, or another run is sending it now. */
export async function claimMail(uid: string, mailId: string, kind: string): Promise<boolean> {
  const now = Date.now();
  const written = await updateIf({
    Key: key(uid, mailId),
    UpdateExpression: 'SET #state = :sending, claimedAt = :now, kind = :kind, #ttl = :ttl',
    ConditionExpression:
      'attribute_not_exists(#pk) OR #state = :failed OR (#state = :sending AND claimedAt < :abandoned)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#state': 'state', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':sending': 'sending',
      ':failed': 'failed',
      ':now': now,
      ':abandoned': now - ABANDONED_AFTER_MS,
      ':kind': kind,
      ':ttl': Math.floor(now / 1000) + KEEP_SECONDS,
    },
  });
  return written !== undefined;
}

export async function markMailSent(uid: string, mailId: string): Promise<void> {
  await updateIf({
    Key: key(uid, mailId),
    UpdateExpression: 'SET #state = :sent, sentAt = :now',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': PARTITION_KEY, '#state': 'state' },
    ExpressionAttributeValues: { ':sent': 'sent', ':now': Date.now() },
  });
}

/**
 * Whether a money mail about one fact also goes to the billing email: decided the first time the fact
 * is handled (`wanted`: a billing email is set then) and kept for the fact
 * (USER#<uid> / MAIL#<mail id>#COPIES), so a billing email set later gets none of the earlier facts
 * when Stripe redelivers one, and a copy that failed is still sent on the next delivery.
 */
export async function fixBillingCopy(uid: string, mailId: string, wanted: boolean): Promise<boolean> {
  const out = await db().update({
    TableName: table(),
    Key: key(uid, `${mailId}#COPIES`),
    UpdateExpression:
      'SET billingCopy = if_not_exists(billingCopy, :wanted), #ttl = if_not_exists(#ttl, :ttl)',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: { ':wanted': wanted, ':ttl': Math.floor(Date.now() / 1000) + KEEP_SECONDS },
    ReturnValues: 'ALL_NEW',
  });
  return out.Attributes?.billingCopy === true;
}

/** Gives a claim back after its mail failed, so the next attempt sends it. */
export async function releaseMail(uid: string, mailId: string): Promise<void> {
  await updateIf({
    Key: key(uid, mailId),
    UpdateExpression: 'SET #state = :failed',
    ConditionExpression: '#state = :sending',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':sending': 'sending', ':failed': 'failed' },
  });
}
