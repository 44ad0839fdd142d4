import { removeLicenses as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, conflict, ok } from '../../lib/http';
import { NotCallersError } from '../../lib/errors';
import { isInForce, toView } from '../../lib/license-state';
import { parseLicenseKey } from '../../lib/own-slot';
import { requireOwnAccount } from '../../lib/ownership';
import { listSlots } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { retrieveSubscription, snapshotOf } from '../../lib/stripe';
import { changeMark, hasChangeMark } from '../../money/change-marks';
import { planRemove } from '../../money/plans';
import { stopRenewing } from '../../money/stop-renewing';
import { runUserAction } from '../../money/user-action';

// PUT /api/remove-licenses {customerId, subscriptionId, licenseKeys}: the chosen renewing licenses
// stop at the end of the current period (no refund); the renewing quantity drops, and at zero the
// subscription cancels at period end. Stripe is changed first and the slots second: a sync running
// in between sees fewer licenses wanted than exist and creates none. A user action: its sequence and
// what a retry after each failure does are in lambdas/money/DESIGN.md.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const keys = new Set(body.licenseKeys.map(parseLicenseKey));
  await requireOwnAccount(caller, body);

  return runUserAction(
    event,
    caller.sub,
    { route: 'remove-licenses', input: { ...body, licenseKeys: [...keys].sort() } },
    async (action) => {
      const slots = await listSlots(caller.sub, body.subscriptionId);
      const chosen = [...keys].map((key) => {
        const slot = slots.find((s) => s.licenseKey === key);
        if (!slot) throw new NotCallersError("A license key is not one of the signed-in user's licenses.");
        return slot;
      });
      const sub = await retrieveSubscription(body.subscriptionId);
      const mark = action.key ? changeMark(action.key) : undefined;
      const plan = planRemove(
        {
          status: sub.status,
          renewing: snapshotOf(sub).renewing,
          made: hasChangeMark(sub.metadata, mark),
        },
        chosen,
      );
      if (plan.do === 'refuse' && plan.why === 'not-renewing') {
        throw conflict('LICENSE_NOT_RENEWING', 'Only licenses that renew monthly can be removed.');
      }
      if (plan.do === 'refuse') throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'The subscription is not active.');
      const {
        updated,
        snapshot,
        slots: after,
      } = await stopRenewing({
        uid: caller.sub,
        customerId: body.customerId,
        sub,
        slots,
        chosen,
        plan,
        action,
      });
      return ok(endpoint, {
        subscriptionId: updated.id,
        renewLicenseCount: snapshot.renewing,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        licenses: after.filter((s) => isInForce(s)).map(toView),
      });
    },
  );
});
