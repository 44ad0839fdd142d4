import type { LicenseView } from '../contracts/license-view';
import { RENEWING, type LicenseSlot } from './repository/licenses';

// How a license slot reads to clients, kept apart from licensing.ts so read-only handlers do not
// bundle the Stripe SDK.

/** In force: renewing, or ending in the future by both our clock and Stripe's (see `expired`). */
export const isInForce = (slot: Pick<LicenseSlot, 'expirationDate' | 'expired'>, now = Date.now()): boolean =>
  !slot.expired && (slot.expirationDate === RENEWING || Date.parse(slot.expirationDate) > now);

export const toView = (slot: LicenseSlot): LicenseView => ({
  key: slot.licenseKey,
  expirationDate: slot.expirationDate,
  assignee: slot.assigneeEmail ?? null,
});

export const isoFromEpoch = (seconds: number): string => new Date(seconds * 1000).toISOString();
