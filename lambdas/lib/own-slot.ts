import type { Caller } from './auth';
import { InvalidLicenseKeyError, NotCallersError } from './errors';
import { normalizeLicenseKey } from './license-keys';
import { listSlots, type LicenseSlot } from './repository/licenses';

// The license a buyer's request names, found among the buyer's own slots: a key of anyone else's
// answers 403, like any id that is not the caller's.

/** The key in its stored form; 400 when it cannot be a license key. */
export function parseLicenseKey(raw: string): string {
  const key = normalizeLicenseKey(raw);
  if (!key) throw new InvalidLicenseKeyError(raw);
  return key;
}

/** The caller's slot holding `key` in the subscription, with all of that subscription's slots. */
export async function ownSlot(
  caller: Caller,
  subscriptionId: string,
  key: string,
): Promise<{ slot: LicenseSlot; slots: LicenseSlot[] }> {
  const slots = await listSlots(caller.sub, subscriptionId);
  const slot = slots.find((s) => s.licenseKey === key);
  if (!slot) throw new NotCallersError("The license key is not one of the signed-in user's licenses.");
  return { slot, slots };
}
