import { randomUUID } from 'node:crypto';
import { resumeSubscription as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, ok, apiHandler } from '../../lib/http';
import { isInForce, isoFromEpoch, toView } from '../../lib/license-state';
import { requireOwnAccount } from '../../lib/ownership';
import { saveSubscription } from '../../lib/repository/accounts';
import { listSlots, renewSlotAgain } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { keepRenewing, licenseItem, retrieveSubscription, snapshotOf } from '../../lib/stripe';
import { IN_FORCE_STATUSES } from '../../lib/subscription-status';
import { allDone } from '../../lib/settle';
import { licensesToRenew } from '../../money/plans';
import { runUserAction } from '../../money/user-action';
import { tellAboutRenewalKept } from '../../notices/renewal-kept';

// PUT /api/resume-subscription {customerId, subscriptionId}: a subscription set to end at period end
// (every license removed) renews again, with the license keys it had, while Stripe still allows it
// (active or trialing, before the period ends). The slots are renewed first and Stripe second: a sync
// running in between sees more renewing keys than Stripe renews and dates them again, and never mints
// new keys. The holders of licenses that continue are told, and the buyer gets a confirmation with the
// next charge (notices/renewal-kept.ts). A user action (lambdas/money/DESIGN.md).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, body);

  return runUserAction(event, caller.sub, { route: 'resume-subscription', input: body }, async (action) => {
    const [sub, slots] = await Promise.all([
      retrieveSubscription(body.subscriptionId),
      listSlots(caller.sub, body.subscriptionId),
    ]);
    if (!IN_FORCE_STATUSES.includes(sub.status)) {
      throw conflict(
        'SUBSCRIPTION_NOT_ACTIVE',
        'This subscription can no longer renew. Buy licenses to start a new subscription.',
      );
    }
    const item = licenseItem(sub);
    const end = isoFromEpoch(item.current_period_end);
    // Decided once per user action, so a retry after a failure renews the same keys. Already
    // renewing (a retry after Stripe's change, or a second tab): nothing more to renew.
    const plan = await action.plan(() => ({
      renew: sub.cancel_at_period_end ? licensesToRenew(slots, end, item.quantity ?? 0).map((s) => s.sk) : [],
    }));
    await allDone(plan.renew.map((sk) => renewSlotAgain(caller.sub, sk, end)));
    const updated = sub.cancel_at_period_end ? await keepRenewing(sub.id) : sub;
    const snapshot = snapshotOf(updated);
    const [after] = await Promise.all([
      listSlots(caller.sub, body.subscriptionId),
      saveSubscription(caller.sub, body.customerId, snapshot),
    ]);
    // Something was set to end and renews now (decided once per action, so a retry mails too).
    if (sub.cancel_at_period_end || plan.renew.length) {
      await tellAboutRenewalKept(
        caller.sub,
        {
          mailId: `renewal-kept:${sub.id}:${action.key ?? randomUUID()}`,
          kept: snapshot.renewing,
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
  });
});
