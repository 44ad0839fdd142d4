import { cardExpiresAt, getAccount, listAccountsWithExpiringCards } from '../lib/repository/accounts';
import { isMissing, licenseItem, retrieveSubscription } from '../lib/stripe';
import { cardSummaryOf } from '../lib/stripe/invoices';
import { IN_FORCE_STATUSES } from '../lib/subscription-status';
import { cardExpiring } from '../mail/templates/card-expiring';
import { sendMoneyMail } from '../notices/money-mail';

// The card-expiry notice, every 12 hours (lambdas/schedules.ts): a subscriber whose card expires before the next
// renewal is told once per card, in the month before that renewal (a monthly subscription's next
// renewal is always within a month), so they can add a new card before the renewal fails. The cached
// state finds the candidates; Stripe confirms each (the card may have changed since). The notice goes
// to the billing email too (notices/money-mail.ts).

/** Accounts checked at a time: keeps well under Stripe's rate limit. */
const CONCURRENCY = 4;

export interface CardExpiryReport {
  candidates: number;
  sent: number;
  failed: number;
}

async function noticeOne(uid: string, subscriptionId: string): Promise<'sent' | 'skipped' | 'failed'> {
  try {
    const sub = await retrieveSubscription(subscriptionId);
    const item = licenseItem(sub);
    const card = cardSummaryOf(sub.default_payment_method);
    const pm = sub.default_payment_method;
    const email = (await getAccount(uid))?.email;
    if (
      !card ||
      typeof pm !== 'object' ||
      !pm ||
      !email ||
      !IN_FORCE_STATUSES.includes(sub.status) ||
      sub.cancel_at_period_end ||
      cardExpiresAt(card.expMonth, card.expYear) > item.current_period_end
    )
      return 'skipped';
    const quantity = item.quantity ?? 0;
    const sent = await sendMoneyMail(uid, `card-expiring:${pm.id}`, cardExpiring, {
      subscriptionId,
      card,
      renewsAt: item.current_period_end,
      licenses: quantity,
      amount: quantity * (item.price.unit_amount ?? 0),
      currency: item.price.currency,
    });
    return sent ? 'sent' : 'skipped';
  } catch (err) {
    if (isMissing(err)) return 'skipped';
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'card-expiry notice failed',
        uid,
        subscriptionId,
        error: String(err),
      }),
    );
    return 'failed';
  }
}

export async function handler(): Promise<CardExpiryReport> {
  const candidates = await listAccountsWithExpiringCards(IN_FORCE_STATUSES);
  const report: CardExpiryReport = { candidates: candidates.length, sent: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < candidates.length; i = next++) {
      const account = candidates[i];
      if (!account) continue;
      const outcome = await noticeOne(account.uid, account.subscriptionId);
      if (outcome !== 'skipped') report[outcome]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, candidates.length) }, worker));
  console.log(JSON.stringify({ level: 'info', msg: 'card-expiry notices', ...report }));
  // A failure makes the run fail, so the function's error alarm tells the operator; the next run retries.
  if (report.failed) throw new Error(`${report.failed} of ${report.candidates} card-expiry notices failed`);
  return report;
}
