import { cancelSubscription as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, conflict, ok } from '../../lib/http';
import { isInForce, isoFromEpoch, toView } from '../../lib/license-state';
import { requireOwnAccount } from '../../lib/ownership';
import { listSlots, NO_END_DATE } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { retrieveSubscription } from '../../lib/stripe';
import { LIVE_STATUSES } from '../../lib/subscription-status';
import { changeMark, hasChangeMark } from '../../money/change-marks';
import { stopRenewing } from '../../money/stop-renewing';
import { runUserAction } from '../../money/user-action';

// PUT /api/cancel-subscription {customerId, subscriptionId}: leaving in one step. Every license that
// renews stops renewing at the end of the period already paid for (no refund; the licenses work until
// then), as remove-licenses with every renewing key: the subscription is set to end at period end. A
// subscription already set to end answers its end again. The mail confirming the cancellation is sent
// where Stripe's record of it arrives (the webhook), so it goes out however the subscription came to
// be set to end. A user action (lambdas/money/DESIGN.md).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, body);

  return runUserAction(event, caller.sub, { route: 'cancel-subscription', input: body }, async (action) => {
    const [sub, slots] = await Promise.all([
      retrieveSubscription(body.subscriptionId),
      listSlots(caller.sub, body.subscriptionId),
    ]);
    const made = hasChangeMark(sub.metadata, action.key ? changeMark(action.key) : undefined);
    if (!made && !LIVE_STATUSES.includes(sub.status)) {
      throw conflict(
        'SUBSCRIPTION_NOT_ACTIVE',
        'This subscription has already ended. Buy licenses to start a new subscription.',
      );
    }
    // Renewing keys are dated even when Stripe already ends the subscription (a retry, a second tab).
    const chosen = slots.filter((s) => s.expirationDate === NO_END_DATE);
    const plan =
      made || sub.cancel_at_period_end ? { do: 'nothing' as const } : { do: 'lower' as const, renewing: 0 };
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
      endsAt: snapshot.periodEnd === undefined ? null : isoFromEpoch(snapshot.periodEnd),
      renewLicenseCount: snapshot.renewing,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      licenses: after.filter((s) => isInForce(s)).map(toView),
    });
  });
});
