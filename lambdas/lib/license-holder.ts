import { normalizeEmail } from '../../src/lib/email-address';
import type { Caller } from './auth';
import type { LicenseSlot } from './repository/licenses';

// Who holds a license: the person the buyer assigned it to, else the buyer. Addresses are compared in
// their one normalized form (src/lib/email-address.ts), as the assignment stores them.

/**
 * Whether `caller` holds the license: the assignee signed in with the assigned address (getCaller has
 * checked it is verified), or the buyer while it is not assigned.
 */
export function isHeldBy(slot: Pick<LicenseSlot, 'uid' | 'assigneeEmail'>, caller: Caller): boolean {
  if (slot.assigneeEmail) return !!caller.email && normalizeEmail(caller.email) === slot.assigneeEmail;
  return slot.uid === caller.sub;
}
