import { removeLicenses as endpoint } from '../contracts/remove-licenses';
import { getCaller, type ApiEvent } from '../lib/auth';
import { conflict, forbidden, ok, withErrors } from '../lib/http';
import { isInForce, isoFromEpoch, toView } from '../lib/license-view';
import { parseLicenseKey } from '../lib/own-slot';
import { requireOwnAccount } from '../lib/ownership';
import { saveSubscription } from '../lib/repository/accounts';
import { listSlots, markSlotForRemoval, RENEWING, setSlotExpiration } from '../lib/repository/licenses';
import { parseJsonBody } from '../lib/request';
import {
  changeMark,
  hasChangeMark,
  LIVE_STATUSES,
  lowerRenewingKey,
  lowerRenewingQuantity,
  retrieveSubscription,
  snapshotOf,
} from '../lib/stripe';
import { allDone } from '../lib/settle';
import { runUserAction } from '../lib/user-action';

// PUT /api/remove-licenses {customerId, subscriptionId, licenseKeys}: the chosen renewing licenses
// stop at the end of the current period (no refund); the renewing quantity drops, and at zero the
// subscription cancels at period end. Stripe is changed first and the slots second: a sync running
// in between sees fewer licenses wanted than exist and creates none. Runs as a user action
// (user-action.ts): under the account's lease, once per Idempotency-Key.

export const handler = withErrors(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const keys = new Set(body.licenseKeys.map(parseLicenseKey));
  await requireOwnAccount(caller, body);

  return runUserAction(
    event,
    caller.sub,
    { route: 'remove-licenses', input: { ...body, licenseKeys: [...keys].sort() } },
    async (action) => {
      // Read under the account's lease, so no other change interleaves with this one.
      const slots = await listSlots(caller.sub, body.subscriptionId);
      const chosen = [...keys].map((key) => {
        const slot = slots.find((s) => s.licenseKey === key);
        if (!slot) throw forbidden("A license key is not one of the signed-in user's licenses.");
        return slot;
      });
      // Checked once per user action: a run resuming an interrupted one finds its own slots
      // already marked or dated, and goes on.
      const resumed = { value: true };
      const sub = await retrieveSubscription(body.subscriptionId);
      await action.plan(() => {
        resumed.value = false;
        if (chosen.some((s) => s.expirationDate !== RENEWING)) {
          throw conflict('LICENSE_NOT_RENEWING', 'Only licenses that renew monthly can be removed.');
        }
        if (!LIVE_STATUSES.includes(sub.status)) {
          throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'The subscription is not active.');
        }
        return { checked: true };
      });
      // A run resuming this action reads from Stripe whether its change was made (the change records
      // the action's mark, as add-licenses does). If not, the chosen licenses come off what Stripe
      // renews now, which counts any licenses another tab added in between, synced or not.
      const mark = action.key ? changeMark(action.key) : undefined;
      const made = mark !== undefined && hasChangeMark(sub, mark);
      // Marked first (with the action's mark), so a sync between Stripe's change and the dating below
      // retires these keys.
      await allDone(chosen.map((s) => markSlotForRemoval(caller.sub, s.sk, mark)));
      const stillRenewing = chosen.filter((s) => s.expirationDate === RENEWING).length;
      const renewing = Math.max(0, snapshotOf(sub).renewing - stillRenewing);
      const updated = made
        ? sub
        : await lowerRenewingQuantity(sub, renewing, lowerRenewingKey(sub, renewing, action.attempt), mark);
      const snapshot = snapshotOf(updated);
      const end = isoFromEpoch(snapshot.periodEnd ?? Math.floor(Date.now() / 1000));
      const [, ...dated] = await allDone<unknown>([
        saveSubscription(caller.sub, body.customerId, snapshot),
        ...chosen.map((s) => setSlotExpiration(caller.sub, s.sk, end)),
      ]);
      // Each slot got this end date unless a retried removal dated it first: then read back the
      // date that was stored.
      const after = dated.every(Boolean)
        ? slots.map((s) => (chosen.includes(s) ? { ...s, expirationDate: end } : s))
        : await listSlots(caller.sub, body.subscriptionId);
      return ok(endpoint, {
        subscriptionId: updated.id,
        renewLicenseCount: snapshot.renewing,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        licenses: after.filter((s) => isInForce(s)).map(toView),
      });
    },
  );
});
