import { NO_END_DATE, type LicenseSlot } from '../lib/repository/licenses';
import { IN_FORCE_STATUSES, LIVE_STATUSES } from '../lib/subscription-status';

// What each quantity change will do, decided from what was read under the account's lease: plain
// functions of their inputs (DESIGN.md). The handlers turn a refusal into the client's answer.

/** What an add reads of the subscription. */
export interface AddState {
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The license item's quantity now. */
  quantity: number;
  /** A resumed run whose change Stripe already made (its change mark is on the subscription). */
  made: boolean;
}

export type AddPlan =
  { do: 'nothing' } | { do: 'raise'; to: number } | { do: 'refuse'; why: 'not-active' | 'ending' };

/**
 * Adding `count` licenses: the target quantity (not "+count") goes to Stripe, computed from the
 * quantity read under the lease, so it counts whatever another tab changed before. A change already
 * made is not made again, whatever the subscription's state since.
 */
export function planAdd(state: AddState, count: number): AddPlan {
  if (state.made) return { do: 'nothing' };
  if (!IN_FORCE_STATUSES.includes(state.status)) return { do: 'refuse', why: 'not-active' };
  if (state.cancelAtPeriodEnd) return { do: 'refuse', why: 'ending' };
  return { do: 'raise', to: state.quantity + count };
}

/**
 * How long a quote may be charged, in seconds of Stripe's clock: time to read it and confirm. Later,
 * the page shows a fresh quote instead, so nobody pays an amount they were not shown.
 */
export const QUOTE_TTL_SECONDS = 300;

/**
 * Whether a quote prorated as of `prorationDate` may still be charged when Stripe's clock reads `now`
 * in the period that began at `periodStart`: not older than QUOTE_TTL_SECONDS, not in the future (a
 * later date charges less), and in the current period (Stripe refuses a date outside it).
 */
export function quoteInForce(prorationDate: number, now: number, periodStart: number): boolean {
  return prorationDate <= now && now - prorationDate <= QUOTE_TTL_SECONDS && prorationDate >= periodStart;
}

export type RemovePlan =
  | { do: 'nothing' }
  | { do: 'lower'; renewing: number }
  | { do: 'refuse'; why: 'not-renewing' | 'not-active' };

/**
 * Removing the `chosen` slots from what renews: `renewing` is what Stripe renews now (counting any
 * licenses another tab added, synced or not). A change already made is not made again, and its
 * checks are not repeated: its own slots may be dated by now.
 */
export function planRemove(
  state: { status: string; renewing: number; made: boolean },
  chosen: readonly Pick<LicenseSlot, 'expirationDate'>[],
): RemovePlan {
  if (state.made) return { do: 'nothing' };
  if (chosen.some((s) => s.expirationDate !== NO_END_DATE)) return { do: 'refuse', why: 'not-renewing' };
  if (!LIVE_STATUSES.includes(state.status)) return { do: 'refuse', why: 'not-active' };
  return { do: 'lower', renewing: Math.max(0, state.renewing - chosen.length) };
}

/**
 * The licenses a resume renews again: those ending with this period (`end`), the most recently
 * removed first, up to the quantity Stripe bills.
 */
export function licensesToRenew(slots: readonly LicenseSlot[], end: string, quantity: number): LicenseSlot[] {
  const renewing = slots.filter((s) => s.expirationDate === NO_END_DATE).length;
  return slots
    .filter((s) => s.expirationDate === end && !s.expired)
    .sort(
      (a, b) =>
        (b.removalRequestedAt ?? '').localeCompare(a.removalRequestedAt ?? '') || b.ordinal - a.ordinal,
    )
    .slice(0, Math.max(0, quantity - renewing));
}

export type RenewPlan =
  | { do: 'nothing' }
  | { do: 'raise-renewing'; renewing: number }
  | { do: 'refuse'; why: 'not-in-period' | 'not-active' };

/**
 * Renewing the `chosen` licenses again (the inverse of a removal): each must still be in its paid
 * period, that is end with the current period (`end`) and not have expired; one that renews already
 * asks for nothing. `renewing` is what Stripe renews now (0 while the subscription is set to end), and
 * the target adds the chosen licenses that do not renew yet. A change already made is not made again.
 */
export function planRenew(
  state: { status: string; renewing: number; made: boolean },
  chosen: readonly Pick<LicenseSlot, 'expirationDate' | 'expired'>[],
  end: string,
): RenewPlan {
  if (state.made) return { do: 'nothing' };
  if (!IN_FORCE_STATUSES.includes(state.status)) return { do: 'refuse', why: 'not-active' };
  const ending = chosen.filter((s) => s.expirationDate !== NO_END_DATE);
  if (ending.some((s) => s.expirationDate !== end || s.expired))
    return { do: 'refuse', why: 'not-in-period' };
  if (ending.length === 0) return { do: 'nothing' };
  return { do: 'raise-renewing', renewing: state.renewing + ending.length };
}
