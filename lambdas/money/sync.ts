import { generateLicenseKey } from '../lib/license-keys';
import { isoFromEpoch } from '../lib/license-state';
import { saveSubscription } from '../lib/repository/accounts';
import {
  createSlot,
  listSlots,
  setSlotExpired,
  NO_END_DATE,
  setSlotExpiration,
  renewSlotAgain,
  type LicenseSlot,
} from '../lib/repository/licenses';
import { allDone } from '../lib/settle';
import { customerIdOf, snapshotOf, type Stripe } from '../lib/stripe';
import type { SubscriptionSnapshot } from '../lib/subscription-snapshot';
import { ENDED_STATUSES, IN_FORCE_STATUSES } from '../lib/subscription-status';
import { lapsedSlots, missingOrdinals, removedInStripe, renewedInStripe, surplusSlots } from './convergence';

// Converging our records with a subscription as Stripe reports it, in both directions: missing
// renewing keys are created and renewing keys beyond Stripe's renewing quantity get the period end.
// complete-checkout, add-licenses, update-card, the webhook and the scheduled sync call
// syncSubscription holding the account's lease (lease.ts) with a subscription read under it, so the
// slots and Stripe's quantity are read with no change of either in between: the decision
// (convergence.ts) needs no second read. The slots that must exist are derived from Stripe's quantity
// plus the licenses already given an end date, and each slot is a conditional put at a fixed address.

export interface SyncResult {
  snapshot: SubscriptionSnapshot;
  /** Every slot of this subscription after the sync, in ordinal order. */
  slots: LicenseSlot[];
  created: number;
  /** Renewing keys this sync gave an end date because Stripe no longer renews them. */
  retired: number;
}

/**
 * Converges the records with `sub` (read under the account's lease) and caches its state. `slots`, the
 * subscription's slots listed under the same lease, saves a query; without them they are listed here.
 */
export async function syncSubscription(
  uid: string,
  sub: Stripe.Subscription,
  slots?: LicenseSlot[],
): Promise<SyncResult> {
  const snapshot = snapshotOf(sub);
  // The cache write only has to finish before we answer, so it runs alongside the convergence; both
  // are awaited to the end, whichever fails.
  const [saved, converged] = await Promise.allSettled([
    saveSubscription(uid, customerIdOf(sub), snapshot),
    converge(uid, sub, snapshot, slots),
  ]);
  if (converged.status === 'rejected') throw converged.reason;
  if (saved.status === 'rejected') throw saved.reason;
  return converged.value;
}

/** The records' side of syncSubscription. */
async function converge(
  uid: string,
  sub: Stripe.Subscription,
  snapshot: SubscriptionSnapshot,
  listed: LicenseSlot[] | undefined,
): Promise<SyncResult> {
  let slots = listed ?? (await listSlots(uid, sub.id));
  let created = 0;
  let retired = 0;

  if (IN_FORCE_STATUSES.includes(sub.status)) {
    // A removal Stripe made (its change mark is on the subscription) whose dating step has not run yet: its
    // licenses end at the period end now, so they are not counted as renewing below.
    const removed = removedInStripe(slots, sub.metadata);
    if (removed.length) {
      const end = isoFromEpoch(snapshot.periodEnd ?? Math.floor(Date.now() / 1000));
      await allDone(removed.map((s) => setSlotExpiration(uid, s.sk, end)));
      slots = await listSlots(uid, sub.id);
    }
    // Likewise a renewal Stripe made whose step in our records has not run: those licenses renew
    // again rather than new keys being minted for the quantity Stripe gained.
    const periodEnd = isoFromEpoch(snapshot.periodEnd ?? 0);
    const renewed = renewedInStripe(slots, sub.metadata, periodEnd);
    if (renewed.length) {
      await allDone(renewed.map((s) => renewSlotAgain(uid, s.sk, periodEnd)));
      slots = await listSlots(uid, sub.id);
    }
    const missing = missingOrdinals(slots, snapshot.renewing);
    if (missing.length) {
      const results = await allDone(
        missing.map((ordinal) =>
          createSlot({
            uid,
            subscriptionId: sub.id,
            ordinal,
            licenseKey: generateLicenseKey(),
            expirationDate: NO_END_DATE,
          }),
        ),
      );
      const mine = results.filter((r): r is LicenseSlot => r !== undefined);
      created = mine.length;
      slots =
        created === missing.length
          ? [...slots, ...mine].sort((x, y) => x.ordinal - y.ordinal)
          : // A parallel call won some slots, and its keys are the ones that count: read them.
            await listSlots(uid, sub.id);
    }
    // The other direction: renewing keys beyond what Stripe renews (a removal whose dating step never
    // ran, or keys minted from a stale quantity) stop at the period end, as remove-licenses does, so
    // every renewing key is one Stripe bills for.
    const surplus = surplusSlots(slots, snapshot.renewing);
    if (surplus.length) {
      const end = isoFromEpoch(snapshot.periodEnd ?? Math.floor(Date.now() / 1000));
      const dated = await allDone(surplus.map((s) => setSlotExpiration(uid, s.sk, end)));
      retired = dated.filter(Boolean).length;
      slots = await listSlots(uid, sub.id);
    }
  } else if (ENDED_STATUSES.includes(sub.status)) {
    // The subscription is over: every license that was renewing ends when the subscription did.
    const endedAt = sub.ended_at ?? snapshot.periodEnd ?? Math.floor(Date.now() / 1000);
    const end = isoFromEpoch(endedAt);
    const renewing = slots.filter((s) => s.expirationDate === NO_END_DATE);
    if (renewing.length) {
      await allDone(renewing.map((s) => setSlotExpiration(uid, s.sk, end)));
      slots = await listSlots(uid, sub.id);
    }
  }
  // past_due, unpaid, incomplete: keep the records as they are; validate-license reads the status.

  // Licenses whose end date Stripe's clock has passed (a new period began, or the subscription ended)
  // are set expired, so renewal and expiry follow Stripe's time, not only this machine's.
  const stripeNow = ENDED_STATUSES.includes(sub.status)
    ? (sub.ended_at ?? snapshot.periodEnd ?? 0)
    : (snapshot.periodStart ?? 0);
  const lapsed = lapsedSlots(slots, stripeNow);
  if (lapsed.length) {
    await allDone(lapsed.map((s) => setSlotExpired(uid, s.sk)));
    slots = slots.map((s) => (lapsed.includes(s) ? { ...s, expired: true } : s));
  }
  return { snapshot, slots, created, retired };
}
