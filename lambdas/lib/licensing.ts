import { generateLicenseKey } from './license-keys';
import { saveSubscription, type SubscriptionSnapshot } from './repository/accounts';
import { createSlot, listSlots, RENEWING, setSlotExpiration, type LicenseSlot } from './repository/licenses';
import { customerIdOf, ENDED_STATUSES, IN_FORCE_STATUSES, snapshotOf, type Stripe } from './stripe';

// Converging our records with a subscription as Stripe reports it. complete-checkout, add-licenses,
// update-card and the webhook all call syncSubscription, so whichever arrives first provisions the
// keys and the others find them: the slots that must exist are derived from Stripe's quantity plus
// the licenses already given an end date, and each slot is a conditional put at a fixed address.

export interface LicenseView {
  key: string;
  /** 'NONE' (renews monthly) or the ISO 8601 time the license ends. */
  expirationDate: string;
}

export const isInForce = (slot: Pick<LicenseSlot, 'expirationDate'>, now = Date.now()): boolean =>
  slot.expirationDate === RENEWING || Date.parse(slot.expirationDate) > now;

export const toView = (slot: LicenseSlot): LicenseView => ({
  key: slot.licenseKey,
  expirationDate: slot.expirationDate,
});

export const isoFromEpoch = (seconds: number): string => new Date(seconds * 1000).toISOString();

export interface SyncResult {
  snapshot: SubscriptionSnapshot;
  /** Every slot of this subscription after the sync, in ordinal order. */
  slots: LicenseSlot[];
  created: number;
}

/** How many slots a subscription in force should have: renewing ones plus those already ending. */
export function slotsWanted(slots: readonly LicenseSlot[], renewing: number): number {
  return slots.filter((s) => s.expirationDate !== RENEWING).length + renewing;
}

export async function syncSubscription(uid: string, sub: Stripe.Subscription): Promise<SyncResult> {
  const snapshot = snapshotOf(sub);
  await saveSubscription(uid, customerIdOf(sub), snapshot);
  let slots = await listSlots(uid, sub.id);
  let created = 0;

  if (IN_FORCE_STATUSES.includes(sub.status)) {
    const wanted = slotsWanted(slots, snapshot.renewing);
    const present = new Set(slots.map((s) => s.ordinal));
    const missing: number[] = [];
    for (let ordinal = 0; ordinal < wanted; ordinal++) if (!present.has(ordinal)) missing.push(ordinal);
    if (missing.length) {
      const results = await Promise.all(
        missing.map((ordinal) =>
          createSlot({
            uid,
            subscriptionId: sub.id,
            ordinal,
            licenseKey: generateLicenseKey(),
            expirationDate: RENEWING,
          }),
        ),
      );
      created = results.filter(Boolean).length;
      // Re-read: a parallel call may have won some slots, and its keys are the ones that count.
      slots = await listSlots(uid, sub.id);
    }
  } else if (ENDED_STATUSES.includes(sub.status)) {
    // The subscription is over: every license that was renewing ends when the subscription did.
    const endedAt = sub.ended_at ?? snapshot.periodEnd ?? Math.floor(Date.now() / 1000);
    const end = isoFromEpoch(endedAt);
    const renewing = slots.filter((s) => s.expirationDate === RENEWING);
    if (renewing.length) {
      await Promise.all(renewing.map((s) => setSlotExpiration(uid, s.sk, end)));
      slots = await listSlots(uid, sub.id);
    }
  }
  // past_due, unpaid, incomplete: keep the records as they are; validate-license reads the status.
  return { snapshot, slots, created };
}
