import { getCaller, type ApiEvent } from '../lib/auth';
import { badRequest, conflict, forbidden, ok, withErrors } from '../lib/http';
import { isInForce, isoFromEpoch, toView } from '../lib/license-view';
import { normalizeLicenseKey } from '../lib/license-keys';
import { requireOwnAccount } from '../lib/ownership';
import { saveSubscription } from '../lib/repository/accounts';
import { listSlots, RENEWING, setSlotExpiration } from '../lib/repository/licenses';
import { fields, parseJsonBody } from '../lib/request';
import * as z from 'zod/mini';
import { LIVE_STATUSES, lowerRenewingQuantity, retrieveSubscription, snapshotOf } from '../lib/stripe';

// PUT /api/remove-licenses {customerId, subscriptionId, licenseKeys}: the chosen renewing licenses
// stop at the end of the current period (no refund); the renewing quantity drops, and at zero the
// subscription cancels at period end. Stripe is changed first and the slots second: a sync running
// in between sees fewer licenses wanted than exist and creates none.

const schema = z.strictObject({
  customerId: fields.customerId,
  subscriptionId: fields.subscriptionId,
  licenseKeys: z.array(fields.licenseKey).check(z.minLength(1), z.maxLength(100)),
});

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, schema);
  const keys = new Set<string>();
  for (const raw of body.licenseKeys) {
    const key = normalizeLicenseKey(raw);
    if (!key) throw badRequest('INVALID_LICENSE_KEY', `"${raw.slice(0, 40)}" is not a license key.`);
    keys.add(key);
  }
  // The slots are read from the caller's own partition, so reading them alongside the ownership check
  // reveals nothing; they are used only once it passed.
  const [, slots] = await Promise.all([
    requireOwnAccount(caller, body),
    listSlots(caller.sub, body.subscriptionId),
  ]);
  const chosen = [...keys].map((key) => {
    const slot = slots.find((s) => s.licenseKey === key);
    if (!slot) throw forbidden("A license key is not one of the signed-in user's licenses.");
    return slot;
  });
  if (chosen.some((s) => s.expirationDate !== RENEWING)) {
    throw conflict('LICENSE_NOT_RENEWING', 'Only licenses that renew monthly can be removed.');
  }

  const sub = await retrieveSubscription(body.subscriptionId);
  if (!LIVE_STATUSES.includes(sub.status)) {
    throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'The subscription is not active.');
  }
  // Counted from our slots, not from Stripe's current quantity: a retry after Stripe already
  // changed computes the same target again instead of lowering twice.
  const renewing = slots.filter((s) => s.expirationDate === RENEWING).length - chosen.length;
  const updated = await lowerRenewingQuantity(sub, Math.max(0, renewing));
  const snapshot = snapshotOf(updated);
  const end = isoFromEpoch(snapshot.periodEnd ?? Math.floor(Date.now() / 1000));
  const [dated] = await Promise.all([
    Promise.all(chosen.map((s) => setSlotExpiration(caller.sub, s.sk, end))),
    saveSubscription(caller.sub, body.customerId, snapshot),
  ]);
  // Each slot got this end date unless a retried or parallel removal dated it first: then read back
  // the date that was stored.
  const after = dated.every(Boolean)
    ? slots.map((s) => (chosen.includes(s) ? { ...s, expirationDate: end } : s))
    : await listSlots(caller.sub, body.subscriptionId);
  return ok({
    subscriptionId: updated.id,
    renewLicenseCount: snapshot.renewing,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    licenses: after.filter((s) => isInForce(s)).map(toView),
  });
});
