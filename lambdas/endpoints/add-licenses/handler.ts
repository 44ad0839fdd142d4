import { addLicenses as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, conflict, ok } from '../../lib/http';
import { isInForce, toView } from '../../lib/license-state';
import { requireOwnAccount } from '../../lib/ownership';
import { listSlots } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import {
  keySourceOf,
  licenseItem,
  previewRaise,
  raiseQuantity,
  retrieveSubscription,
} from '../../lib/stripe';
import { changeMark, hasChangeMark, withChangeMark } from '../../money/change-marks';
import { planAdd, quoteInForce } from '../../money/plans';
import { raiseQuantityKey } from '../../money/retry-keys';
import { syncSubscription } from '../../money/sync';
import { runUserAction } from '../../money/user-action';

// PUT /api/add-licenses {customerId, subscriptionId, count[, prorationDate]}: raises the quantity of an
// active subscription with an immediate prorated charge; the keys are provisioned only after Stripe
// accepted the charge (a declined card answers 402 and changes nothing). With a quote's prorationDate
// the charge is prorated as of it, so it is the amount quoted, and a quote no longer in force on
// Stripe's clock is refused (409 QUOTE_EXPIRED) before anything is charged. A user action: its
// sequence and what a retry after each failure does are in lambdas/money/DESIGN.md.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, body);

  return runUserAction(event, caller.sub, { route: 'add-licenses', input: body }, async (action) => {
    // Listed under the lease, so syncSubscription can pair them with the new quantity unread.
    const [sub, slotsListed] = await Promise.all([
      retrieveSubscription(body.subscriptionId),
      listSlots(caller.sub, body.subscriptionId),
    ]);
    const mark = action.key ? changeMark(action.key) : undefined;
    const plan = planAdd(
      {
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        quantity: licenseItem(sub).quantity ?? 0,
        made: hasChangeMark(sub.metadata, mark),
      },
      body.count,
    );
    if (plan.do === 'refuse' && plan.why === 'not-active') {
      throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'Licenses can only be added to an active subscription.');
    }
    if (plan.do === 'refuse') {
      throw conflict(
        'SUBSCRIPTION_ENDING',
        'This subscription ends at the end of the period. Buy new licenses to start a new subscription.',
      );
    }
    const at = body.prorationDate;
    if (plan.do === 'raise' && at !== undefined) {
      // Stripe's clock is read from Stripe (a preview prorates as of its now): on a test clock it is
      // not this server's.
      const { prorationDate: now } = await previewRaise(sub, plan.to);
      if (!quoteInForce(at, now, licenseItem(sub).current_period_start)) {
        throw conflict('QUOTE_EXPIRED', 'This quote has expired. Ask for a new one before paying.');
      }
    }
    const updated =
      plan.do === 'raise'
        ? await raiseQuantity(
            sub,
            plan.to,
            raiseQuantityKey(keySourceOf(sub), plan.to, action.attempt, at),
            withChangeMark(sub.metadata, mark),
            at,
          )
        : sub;
    const { slots, created } = await syncSubscription(caller.sub, updated, slotsListed);
    return ok(endpoint, {
      subscriptionId: updated.id,
      quantity: licenseItem(updated).quantity ?? 0,
      added: created,
      licenses: slots.filter((s) => isInForce(s)).map(toView),
    });
  });
});
