import { withAccountLease } from '../money/lease';
import { findUidByCustomerId, getAccount, saveSubscription } from '../lib/repository/accounts';
import { mailWasSent } from '../lib/repository/sent-mails';
import { customerIdOf, licenseItem, retrieveSubscription, snapshotOf, type Stripe } from '../lib/stripe';
import { listAllSubscriptions, retrievePrice, setSubscriptionField } from '../lib/stripe/schedules';
import { LIVE_STATUSES } from '../lib/subscription-status';
import { sendOnce } from '../mail/send-once';
import { priceChangeNotice } from '../mail/templates/price-change';
import { alignPriceSchedule } from './align-schedule';
import {
  formatPendingChange,
  pendingChangeOf,
  PRICE_CHANGE_FIELD,
  type PendingPriceChange,
} from './pending-change';
import { firstRenewalOnOrAfter } from './renewal-dates';

// Announcing a new price (`npm run price-change`): every live subscription not on the new price is
// told by mail, and moved to it at its first renewal on or after the effective date, and never less
// than 30 days after its own mail. Each subscription's steps repeat safely, so a run that stopped
// anywhere is finished by running it again: the date it was given is noted on the subscription
// (pending-change.ts) before its mail, and kept once the mail is sent; the schedule is aligned to
// it (align-schedule.ts); the mail is sent once (send-once.ts).

const NOTICE_SECONDS = 30 * 86400;

export class PriceChangeRefused extends Error {}

export interface PriceChangeReport {
  subscriptions: number;
  mailed: number;
  alreadyMailed: number;
  /** Already on the new price. */
  moved: number;
  /** Not the account's current subscription, or no longer live. */
  skipped: number;
  failures: { subscriptionId: string; error: string }[];
}

type Outcome = 'mailed' | 'alreadyMailed' | 'moved' | 'skipped';

/** Refuses an effective date less than 30 days from `now` (epoch seconds) or a price that cannot replace ours. */
function checkPriceChange(price: Stripe.Price, effective: number, now: number): void {
  if (effective < now + NOTICE_SECONDS) {
    throw new PriceChangeRefused(
      `The effective date must be at least 30 days away (on or after ${new Date((now + NOTICE_SECONDS) * 1000).toISOString().slice(0, 10)}): the terms promise 30 days' notice by email.`,
    );
  }
  if (!price.active || price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1) {
    throw new PriceChangeRefused(`The price ${price.id} is not an active monthly price.`);
  }
  if (price.unit_amount === null) throw new PriceChangeRefused(`The price ${price.id} has no unit amount.`);
}

async function announceTo(
  uid: string,
  email: string,
  subscriptionId: string,
  price: Stripe.Price,
  effective: number,
  now: number,
): Promise<Outcome> {
  let sub = await retrieveSubscription(subscriptionId);
  if (!LIVE_STATUSES.includes(sub.status)) return 'skipped';
  const item = licenseItem(sub);
  if (item.price.id === price.id) return 'moved';
  const mailId = `price-change:${price.id}:${sub.id}`;
  const mailed = await mailWasSent(uid, mailId);
  const earliest = Math.max(effective, now + NOTICE_SECONDS);
  let change = pendingChangeOf(sub.metadata);
  // A date is kept once its mail is sent; before that it is set (again) to meet the notice from now.
  if (!change || change.priceId !== price.id || (!mailed && change.appliesAt < earliest)) {
    const next: PendingPriceChange = {
      priceId: price.id,
      appliesAt: firstRenewalOnOrAfter(item.current_period_end, sub.billing_cycle_anchor, earliest),
      unitAmount: price.unit_amount ?? 0,
      currency: price.currency,
    };
    sub = await setSubscriptionField(sub.id, PRICE_CHANGE_FIELD, formatPendingChange(next));
    change = next;
  }
  await alignPriceSchedule(sub, now);
  // Our record shows the coming change before the mail that points to it goes out, as every action's
  // does (a webhook may come later or not at all; the saved state is never older than a stored one).
  await saveSubscription(uid, customerIdOf(sub), snapshotOf(sub));
  const sent = await sendOnce(uid, mailId, priceChangeNotice, email, {
    oldAmount: item.price.unit_amount ?? 0,
    newAmount: change.unitAmount,
    currency: change.currency,
    appliesAt: change.appliesAt,
    licenses: sub.cancel_at_period_end ? 0 : (item.quantity ?? 0),
  });
  return sent ? 'mailed' : 'alreadyMailed';
}

/**
 * Announces `priceId` from `effective` (epoch seconds, a day's start) to every subscriber, as of `now`
 * (Stripe's clock). A subscription that fails is reported and the others go on; run again to finish.
 */
export async function announcePriceChange(opts: {
  priceId: string;
  effective: number;
  now: number;
}): Promise<PriceChangeReport> {
  const price = await retrievePrice(opts.priceId);
  checkPriceChange(price, opts.effective, opts.now);
  const subs = (await listAllSubscriptions()).filter(
    (s) => LIVE_STATUSES.includes(s.status) && licenseItem(s).price.id !== price.id,
  );
  const report: PriceChangeReport = {
    subscriptions: subs.length,
    mailed: 0,
    alreadyMailed: 0,
    moved: 0,
    skipped: 0,
    failures: [],
  };
  for (const s of subs) {
    try {
      const uid = await findUidByCustomerId(customerIdOf(s));
      const account = uid ? await getAccount(uid) : undefined;
      if (!uid || account?.subscriptionId !== s.id || !account.email) {
        report.skipped++;
        continue;
      }
      const email = account.email;
      report[
        await withAccountLease(uid, () => announceTo(uid, email, s.id, price, opts.effective, opts.now))
      ]++;
    } catch (err) {
      report.failures.push({ subscriptionId: s.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}
