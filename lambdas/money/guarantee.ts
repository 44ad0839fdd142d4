import type { RefundRefusal as GuaranteeRefusal } from '../endpoints/refund-eligibility/contract';

// The satisfaction guarantee's rules, as content/legal/terms.md states them, decided from facts read
// under the account's lease (plain functions of their inputs; the handlers read the facts):
// - a full refund of what the subscription paid, asked for within its first month;
// - of a new account (it never had a subscription before this one), or of one whose licenses were not
//   used for a year (no license validation in the 365 days before this subscription began);
// - once per household per year: no refund under the guarantee to the same household in the last 365
//   days, a household being the card that paid, the billing address, or the account itself
//   (households.ts).
// Each refusal has a code of its own (contracts/refund-eligibility.ts).

export const YEAR_SECONDS = 365 * 24 * 3600;

export interface GuaranteeFacts {
  /** Now, epoch seconds: our clock or Stripe's (the current period's start), the later. */
  now: number;
  /** When the subscription began (epoch seconds); undefined without a subscription that paid. */
  start: number | undefined;
  /** What its payments still hold, unrefunded (cents). */
  refundable: number;
  /** This subscription was refunded under the guarantee already. */
  refunded: boolean;
  /** A refund of this subscription under the guarantee began (its household claims are this account's). */
  resuming: boolean;
  /** The account had a subscription before this one. */
  earlierSubscriptions: boolean;
  /** The last license validation of those earlier subscriptions' licenses (epoch seconds), if any. */
  lastValidation: number | undefined;
  /** The latest refund under the guarantee to the same household, by another subscription (epoch seconds). */
  householdRefundedAt: number | undefined;
}

export interface GuaranteeDecision {
  eligible: boolean;
  /** What a refund now gives back (cents): everything the subscription paid and is not yet refunded. */
  amount: number;
  /** The last moment to ask (epoch seconds): one month after the subscription began. */
  deadline: number | undefined;
  reason: GuaranteeRefusal | null;
  /** When the rule that refuses was last met or is next met (epoch seconds), for the message. */
  at?: number;
}

/** One calendar month after `epoch` (UTC), as Stripe counts a monthly period: Jan 31 + 1 month = Feb 28/29. */
export function oneMonthAfter(epoch: number): number {
  const d = new Date(epoch * 1000);
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function decideGuarantee(f: GuaranteeFacts): GuaranteeDecision {
  const deadline = f.start === undefined ? undefined : oneMonthAfter(f.start);
  const refuse = (reason: GuaranteeRefusal, at?: number): GuaranteeDecision => ({
    eligible: false,
    amount: f.refundable,
    deadline,
    reason,
    ...(at !== undefined && { at }),
  });
  if (f.refunded) return refuse('ALREADY_REFUNDED');
  // A refund that began goes on to its end, whatever the clock or the payments say by now.
  if (f.resuming) return { eligible: true, amount: f.refundable, deadline, reason: null };
  if (f.start === undefined || deadline === undefined || f.refundable <= 0) return refuse('NO_PAYMENT');
  if (f.now >= deadline) return refuse('WINDOW_PASSED', deadline);
  if (f.earlierSubscriptions && f.lastValidation !== undefined && f.lastValidation > f.start - YEAR_SECONDS) {
    return refuse('RECENTLY_ACTIVE', f.lastValidation);
  }
  if (f.householdRefundedAt !== undefined && f.householdRefundedAt > f.now - YEAR_SECONDS) {
    return refuse('HOUSEHOLD_REFUNDED', f.householdRefundedAt);
  }
  return { eligible: true, amount: f.refundable, deadline, reason: null };
}
