import { createHash } from 'node:crypto';
import { mailboxKey } from '../../src/lib/email-address';
import { LimitReachedError } from './errors';
import { counterExpiry, dayWindow, secondsLeft } from './quota-window';
import { recipientPk, recipientQuotaSk, userPk, userQuotaSk } from './repository/keys';
import { giveBackQuota, type QuotaKey, takeQuota } from './repository/quotas';

// Daily limits on the mails we send because someone else acted (assigning a license mails its new
// holder; giving it to someone else or taking it back mails the former holder): per acting account,
// and per receiving mailbox whoever acts (mailboxKey: a +tag or capitals reach the same inbox), so no
// one can use the product to flood an inbox. An action whose mails do not fit is refused whole, before
// it changes anything (a license that changed hands without its mail would leave its holder
// uninformed). Each action is counted once, however often it is retried with the same Idempotency-Key.

/** Mails one account may cause per UTC day: far above reassigning all 5 licenses of a subscription. */
export const SENDER_MAILS_PER_DAY = 20;
/** Mails one mailbox may receive per UTC day from all accounts' actions together. */
export const RECIPIENT_MAILS_PER_DAY = 5;

const mailboxHash = (address: string): string =>
  createHash('sha256').update(mailboxKey(address)).digest('hex');

export interface MailAllowance {
  /** Gives the counts back: for an action that then did not happen (and sent nothing). */
  giveBack(): Promise<void>;
}

/**
 * Counts the mails to `recipients` (normalized addresses) that account `uid` is about to cause with
 * the action `actionId`, or throws LimitReachedError with nothing counted.
 */
export async function takeMailAllowance(
  uid: string,
  recipients: readonly string[],
  actionId: string,
): Promise<MailAllowance> {
  const window = dayWindow();
  const expiresAt = counterExpiry(window);
  const sender: QuotaKey = { pk: userPk(uid), sk: userQuotaSk('mails', window.name) };
  // The action's id in a shared counter names the account too: two accounts' keys may be equal.
  const id = `${uid}:${actionId}`;
  const taken: { key: QuotaKey; amount: number }[] = [];
  const giveBack = async () => {
    for (const { key, amount } of taken.splice(0)) await giveBackQuota(key, id, amount);
  };

  if (!(await takeQuota(sender, id, recipients.length, SENDER_MAILS_PER_DAY, expiresAt))) {
    throw new LimitReachedError('sender-mails', SENDER_MAILS_PER_DAY, secondsLeft(window));
  }
  taken.push({ key: sender, amount: recipients.length });
  for (const to of recipients) {
    const key: QuotaKey = { pk: recipientPk(mailboxHash(to)), sk: recipientQuotaSk(window.name) };
    if (!(await takeQuota(key, id, 1, RECIPIENT_MAILS_PER_DAY, expiresAt))) {
      await giveBack();
      throw new LimitReachedError('recipient-mails', RECIPIENT_MAILS_PER_DAY, secondsLeft(window), to);
    }
    taken.push({ key, amount: 1 });
  }
  return { giveBack };
}
