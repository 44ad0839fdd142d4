import { getAccount } from '../lib/repository/accounts';
import { readBillingDetails } from '../lib/repository/billing-details';
import { fixBillingCopy } from '../lib/repository/sent-mails';
import { allDone } from '../lib/settle';
import { sendOnce } from '../mail/send-once';
import type { MailTemplate } from '../mail/template';

// The mails about the account's money (receipts, failed renewals, refunds, the card expiring, the
// cancellation and the end) go to the account's address and, when the buyer set a billing email for
// invoices (PUT /api/billing-details) that is another address, to that one too: a mail of its own,
// claimed on its own (`<mail id>:billing`), so a refusal of the one address never holds back the
// other's mail and neither address is shown to the other. Each copy is sent once per fact, as every
// money mail is (send-once.ts); a fact mails each address at most once. Whether a fact has a billing
// copy is decided when it is first handled (fixBillingCopy): a billing email set afterwards gets the
// facts that come after it, not an old receipt or cancellation that Stripe happens to redeliver.

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The addresses the fact's mail goes to: the account's own first, then the billing email if another. */
async function moneyMailRecipients(uid: string, mailId: string): Promise<string[]> {
  const [account, details] = await Promise.all([getAccount(uid), readBillingDetails(uid)]);
  const own = account?.email;
  if (!own) return [];
  const billing = details?.billingEmail;
  const extra = billing && !same(billing, own) ? billing : undefined;
  // Asked even when no billing email is set now, so that one set later is not taken for this fact's.
  const copy = await fixBillingCopy(uid, mailId, extra !== undefined);
  return copy && extra ? [own, extra] : [own];
}

/**
 * Sends a money mail about one fact (`mailId`) to each of the account's money-mail addresses, once
 * each. Throws after trying them all if one could not be sent (the caller's next run sends it).
 * Answers whether the account's own address got it now.
 */
export async function sendMoneyMail<Data>(
  uid: string,
  mailId: string,
  template: MailTemplate<Data>,
  data: Data,
): Promise<boolean> {
  const to = await moneyMailRecipients(uid, mailId);
  const sent = await allDone(
    to.map((address, i) => sendOnce(uid, i === 0 ? mailId : `${mailId}:billing`, template, address, data)),
  );
  return sent[0] ?? false;
}
