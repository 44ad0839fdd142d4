import type { Account } from '../lib/repository/accounts';
import { readBillingDetails } from '../lib/repository/billing-details';
import { readGuaranteeRefund, readHouseholdClaims, type GuaranteeRefund } from '../lib/repository/guarantee';
import { listSlots } from '../lib/repository/licenses';
import { subscriptionPayments, type SubscriptionPayment } from '../lib/stripe';
import { decideGuarantee, oneMonthAfter, type GuaranteeDecision } from './guarantee';
import { householdKeys } from './households';

// The facts the satisfaction guarantee's rules (guarantee.ts) are decided from, read for the account's
// current subscription: our records (the cached subscription, the licenses of earlier subscriptions and
// their last validation, the refund record, the household claims, the account's address) and Stripe (the payments and the
// cards that paid). For the page, a subscription past its first month by our records is refused without
// asking Stripe.

/** Statuses of a subscription that has taken a payment. */
const PAID_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused', 'canceled'];

export interface GuaranteeState {
  decision: GuaranteeDecision;
  currency: string;
  payments: SubscriptionPayment[];
  /** The household keys a refund claims. */
  households: string[];
  /** The household keys this subscription's refund claimed already (a refund that began). */
  ownClaims: string[];
  /** This subscription's refund record, when a refund was made. */
  record: GuaranteeRefund | undefined;
  /** The clock the rules were decided on (epoch seconds): a refund claims and records on the same one. */
  now: number;
}

export async function readGuarantee(
  uid: string,
  account: Account | undefined,
  opts: {
    /** Stripe's clock, epoch seconds: the subscription's current period start as Stripe reports it now. */
    stripeNow?: number;
    /** Past the first month by our records: refused at once (a read for the page, not a refund). */
    quick?: boolean;
  } = {},
): Promise<GuaranteeState> {
  const nothing = (record?: GuaranteeRefund): GuaranteeState => ({
    decision: decideGuarantee({
      now: Date.now() / 1000,
      start: undefined,
      refundable: 0,
      refunded: record !== undefined,
      resuming: false,
      earlierSubscriptions: false,
      lastValidation: undefined,
      householdRefundedAt: undefined,
    }),
    currency: 'usd',
    payments: [],
    households: [],
    ownClaims: [],
    record,
    now: Date.now() / 1000,
  });
  const sid = account?.subscriptionId;
  if (!sid || account.subscriptionCreated === undefined) return nothing();
  const record = await readGuaranteeRefund(uid, sid);
  if (!PAID_STATUSES.includes(account.subscriptionStatus ?? '')) return nothing(record);
  const start = account.subscriptionCreated;
  // Stripe's clock is never behind what Stripe reported: the period's start, and the end of a
  // subscription that has ended (with a test clock, Stripe's time runs ahead of the server's).
  const now = Math.max(Date.now() / 1000, opts.stripeNow ?? account.periodStart ?? 0, account.endedAt ?? 0);
  const base = { now, start, refunded: record !== undefined, lastValidation: undefined };
  if (opts.quick && now >= oneMonthAfter(start) && !record) {
    const decision = decideGuarantee({
      ...base,
      refundable: 1,
      resuming: false,
      earlierSubscriptions: false,
      householdRefundedAt: undefined,
    });
    return {
      decision: { ...decision, amount: 0 },
      currency: account.currency ?? 'usd',
      payments: [],
      households: [],
      ownClaims: [],
      record,
      now,
    };
  }

  const [payments, slots, billing] = await Promise.all([
    subscriptionPayments(sid),
    listSlots(uid),
    readBillingDetails(uid),
  ]);
  const households = householdKeys({
    uid,
    email: account.email,
    cardFingerprints: payments.flatMap((p) => (p.cardFingerprint ? [p.cardFingerprint] : [])),
    addresses: [
      ...(billing ? [billing.address] : []),
      ...payments.flatMap((p) => (p.cardAddress ? [p.cardAddress] : [])),
    ],
  });
  const claims = await readHouseholdClaims(households);
  const others = claims.filter((c) => !(c.uid === uid && c.subscriptionId === sid));
  const earlier = slots.filter((s) => s.subscriptionId !== sid);
  const seen = earlier.flatMap((s) => s.machines.map((m) => m.lastSeen));
  const decision = decideGuarantee({
    ...base,
    refundable: payments.reduce((n, p) => n + Math.max(0, p.amount - p.refunded), 0),
    resuming: claims.length > others.length,
    earlierSubscriptions: earlier.length > 0,
    lastValidation: seen.length ? Math.max(...seen) : undefined,
    householdRefundedAt: others.length ? Math.max(...others.map((c) => c.claimedAt)) : undefined,
  });
  return {
    decision,
    currency: payments[0]?.currency ?? account.currency ?? 'usd',
    payments,
    households,
    ownClaims: claims.filter((c) => !others.includes(c)).map((c) => c.key),
    record,
    now,
  };
}
