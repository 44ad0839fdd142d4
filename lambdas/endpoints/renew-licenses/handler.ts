import { randomUUID } from 'node:crypto';
import { renewLicenses as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, conflict, ok } from '../../lib/http';
import { NotCallersError } from '../../lib/errors';
import { isInForce, isoFromEpoch, toView } from '../../lib/license-state';
import { parseLicenseKey } from '../../lib/own-slot';
import { requireOwnAccount } from '../../lib/ownership';
import { saveSubscription } from '../../lib/repository/accounts';
import { listSlots, renewSlotAgain, requestSlotRenewal } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { allDone } from '../../lib/settle';
import {
  keySourceOf,
  licenseItem,
  raiseRenewingQuantity,
  retrieveSubscription,
  snapshotOf,
} from '../../lib/stripe';
import { changeMark, hasChangeMark, withChangeMark } from '../../money/change-marks';
import { planRenew } from '../../money/plans';
import { raiseRenewingKey } from '../../money/retry-keys';
import { runUserAction } from '../../money/user-action';
import { tellAboutRenewalKept } from '../../notices/renewal-kept';

// PUT /api/renew-licenses {customerId, subscriptionId, licenseKeys}: the inverse of remove-licenses.
// The chosen licenses, removed but still in the period already paid for, renew monthly again, keeping
// their keys; Stripe renews that many more at the next period (nothing is charged now) and, if the
// subscription was set to end, no longer ends. With the action's change mark the renewal is recorded
// on each slot first, Stripe changed second and the slots renewed last, so a sync in between renews
// these keys instead of minting new ones; without a key the slots are renewed first (a crash then
// leaves more renewing keys than Stripe renews, which the next sync dates again). The holders of the
// licenses that continue are told, and the buyer gets a confirmation with the next charge
// (notices/renewal-kept.ts). A user action (lambdas/money/DESIGN.md).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const keys = new Set(body.licenseKeys.map(parseLicenseKey));
  await requireOwnAccount(caller, body);

  return runUserAction(
    event,
    caller.sub,
    { route: 'renew-licenses', input: { ...body, licenseKeys: [...keys].sort() } },
    async (action) => {
      const [sub, slots] = await Promise.all([
        retrieveSubscription(body.subscriptionId),
        listSlots(caller.sub, body.subscriptionId),
      ]);
      const chosen = [...keys].map((key) => {
        const slot = slots.find((s) => s.licenseKey === key);
        if (!slot) throw new NotCallersError("A license key is not one of the signed-in user's licenses.");
        return slot;
      });
      const mark = action.key ? changeMark(action.key) : undefined;
      const end = isoFromEpoch(licenseItem(sub).current_period_end);
      const plan = planRenew(
        { status: sub.status, renewing: snapshotOf(sub).renewing, made: hasChangeMark(sub.metadata, mark) },
        chosen,
        end,
      );
      if (plan.do === 'refuse' && plan.why === 'not-in-period') {
        throw conflict(
          'LICENSE_ENDED',
          'Only licenses still in the period already paid for can renew again. Add licenses instead.',
        );
      }
      if (plan.do === 'refuse') {
        throw conflict(
          'SUBSCRIPTION_NOT_ACTIVE',
          'This subscription can no longer renew. Buy licenses to start a new subscription.',
        );
      }
      const ending = chosen.filter((s) => s.expirationDate === end && !s.expired);
      let updated = sub;
      if (plan.do === 'raise-renewing') {
        if (mark) await allDone(ending.map((s) => requestSlotRenewal(caller.sub, s.sk, end, mark)));
        else await allDone(ending.map((s) => renewSlotAgain(caller.sub, s.sk, end)));
        updated = await raiseRenewingQuantity(
          sub,
          plan.renewing,
          raiseRenewingKey(keySourceOf(sub), plan.renewing, action.attempt),
          withChangeMark(sub.metadata, mark),
        );
      }
      const snapshot = snapshotOf(updated);
      await allDone<unknown>([
        saveSubscription(caller.sub, body.customerId, snapshot),
        ...ending.map((s) => renewSlotAgain(caller.sub, s.sk, end)),
      ]);
      const after = await listSlots(caller.sub, body.subscriptionId);
      if (ending.length) {
        await tellAboutRenewalKept(
          caller.sub,
          {
            mailId: `renewal-kept:${sub.id}:${action.key ?? randomUUID()}`,
            kept: ending.length,
            snapshot,
            slots: after,
          },
          event,
        );
      }
      return ok(endpoint, {
        subscriptionId: updated.id,
        renewLicenseCount: snapshot.renewing,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        licenses: after.filter((s) => isInForce(s)).map(toView),
      });
    },
  );
});
