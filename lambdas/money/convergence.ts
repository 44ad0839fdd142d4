import { NO_END_DATE, type LicenseSlot } from '../lib/repository/licenses';
import { hasChangeMark } from './change-marks';

// The convergence decision of the sync (sync.ts): which slots to create, date or set expired so our
// records match what Stripe bills. Plain functions of the slots and of what Stripe reported.

type Metadata = Record<string, string> | null | undefined;

/**
 * Renewing slots whose removal Stripe made (the removing action's change mark is on the subscription)
 * but whose dating step has not run yet: they end at the period end, not renew.
 */
export function removedInStripe(slots: readonly LicenseSlot[], metadata: Metadata): LicenseSlot[] {
  return slots.filter(
    (s) => s.expirationDate === NO_END_DATE && s.removalMark && hasChangeMark(metadata, s.removalMark),
  );
}

/**
 * Slots ending with this period (`end`) whose renewal Stripe made (the renewing action's change mark is
 * on the subscription) but whose step renewing them in our records has not run yet: they renew again,
 * so the renewing quantity Stripe gained is not taken for licenses to mint.
 */
export function renewedInStripe(
  slots: readonly LicenseSlot[],
  metadata: Metadata,
  end: string,
): LicenseSlot[] {
  return slots.filter(
    (s) => s.expirationDate === end && !s.expired && s.renewalMark && hasChangeMark(metadata, s.renewalMark),
  );
}

/** The ordinals of the slots a subscription in force lacks: those ending plus `renewing` must exist. */
export function missingOrdinals(slots: readonly LicenseSlot[], renewing: number): number[] {
  const wanted = slots.filter((s) => s.expirationDate !== NO_END_DATE).length + renewing;
  const present = new Set(slots.map((s) => s.ordinal));
  const missing: number[] = [];
  for (let ordinal = 0; ordinal < wanted; ordinal++) if (!present.has(ordinal)) missing.push(ordinal);
  return missing;
}

/**
 * Renewing slots beyond the `renewing` Stripe bills (a removal whose dating step never ran, or keys
 * minted from a stale quantity): the licenses the user asked to remove first, then the newest.
 */
export function surplusSlots(slots: readonly LicenseSlot[], renewing: number): LicenseSlot[] {
  const renewingSlots = slots.filter((s) => s.expirationDate === NO_END_DATE);
  const excess = renewingSlots.length - renewing;
  if (excess <= 0) return [];
  return [...renewingSlots]
    .sort((a, b) => Number(!!b.removalRequested) - Number(!!a.removalRequested) || b.ordinal - a.ordinal)
    .slice(0, excess);
}

/** Dated slots not yet set expired whose end Stripe's clock (`stripeNow`, epoch s) has reached. */
export function lapsedSlots(slots: readonly LicenseSlot[], stripeNow: number): LicenseSlot[] {
  return slots.filter(
    (s) => !s.expired && s.expirationDate !== NO_END_DATE && Date.parse(s.expirationDate) / 1000 <= stripeNow,
  );
}
