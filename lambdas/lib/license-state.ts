import type { LicenseView } from '../contracts/license-view';
import type { Account } from './repository/accounts';
import { NO_END_DATE, type LicenseSlot } from './repository/licenses';
import { IN_FORCE_STATUSES } from './subscription-status';

// A license slot's state: in force, paid for, and how it reads to clients (the answer's shape is
// contracts/license-view.ts). Kept apart from the money core so read-only handlers do not bundle the
// Stripe SDK.

/** In force: renewing, or ending in the future by both our clock and Stripe's (see `expired`). */
export const isInForce = (slot: Pick<LicenseSlot, 'expirationDate' | 'expired'>, now = Date.now()): boolean =>
  !slot.expired && (slot.expirationDate === NO_END_DATE || Date.parse(slot.expirationDate) > now);

export const toView = (slot: LicenseSlot): LicenseView => ({
  key: slot.licenseKey,
  expirationDate: slot.expirationDate,
  assignee: slot.assigneeEmail ?? null,
});

export const isoFromEpoch = (seconds: number): string => new Date(seconds * 1000).toISOString();

/**
 * Whether the buyer's payment lets the license work now: a license of the buyer's current subscription
 * while that subscription is active or trialing; one of a former subscription through its own end date.
 */
export const isPaidFor = (
  slot: Pick<LicenseSlot, 'subscriptionId' | 'expirationDate'>,
  buyer: Pick<Account, 'subscriptionId' | 'subscriptionStatus'> | undefined,
): boolean =>
  buyer?.subscriptionId === slot.subscriptionId
    ? IN_FORCE_STATUSES.includes(buyer.subscriptionStatus ?? '')
    : slot.expirationDate !== NO_END_DATE;
