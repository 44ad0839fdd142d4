import { addLicenses as endpoint } from '../contracts/add-licenses';
import { getCaller, type ApiEvent } from '../lib/auth';
import { conflict, ok, withErrors } from '../lib/http';
import { listSlotsForSync, syncSubscription } from '../lib/licensing';
import { isInForce, toView } from '../lib/license-view';
import { requireOwnAccount } from '../lib/ownership';
import { parseJsonBody } from '../lib/request';
import {
  changeMark,
  hasChangeMark,
  IN_FORCE_STATUSES,
  licenseItem,
  raiseQuantity,
  raiseQuantityKey,
  retrieveSubscription,
} from '../lib/stripe';
import { runUserAction } from '../lib/user-action';

// PUT /api/add-licenses {customerId, subscriptionId, count}: raises the quantity of an active
// subscription with an immediate prorated charge; the keys are provisioned only after Stripe
// accepted the charge (a declined card answers 402 and changes nothing). Runs as a user action
// (user-action.ts): under the account's lease, once per Idempotency-Key; a retry after a failure
// adds the licenses once, on top of whatever changed in between.

export const handler = withErrors(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, body);

  return runUserAction(event, caller.sub, { route: 'add-licenses', input: body }, async (action) => {
    // Listed before Stripe is changed, so syncSubscription can pair them with the updated quantity
    // without reading Stripe again (it checks that order itself).
    const [sub, slotsBefore] = await Promise.all([
      retrieveSubscription(body.subscriptionId),
      listSlotsForSync(caller.sub, body.subscriptionId),
    ]);
    // A run resuming this action (an earlier one failed after Stripe may have acted) reads from
    // Stripe whether its change was made: the change records the action's mark. If it was, it is not
    // made again; if not, it is made now on top of the current quantity, which counts whatever
    // another tab changed in between.
    const mark = action.key ? changeMark(action.key) : undefined;
    const made = mark !== undefined && hasChangeMark(sub, mark);
    if (!made && !IN_FORCE_STATUSES.includes(sub.status)) {
      throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'Licenses can only be added to an active subscription.');
    }
    if (!made && sub.cancel_at_period_end) {
      throw conflict(
        'SUBSCRIPTION_ENDING',
        'This subscription ends at the end of the period. Buy new licenses to start a new subscription.',
      );
    }
    // The target quantity (not "+count") goes to Stripe, read under the account's lease so no other
    // change interleaves.
    const quantity = (licenseItem(sub).quantity ?? 0) + body.count;
    const updated = made
      ? sub
      : await raiseQuantity(sub, quantity, raiseQuantityKey(sub, quantity, action.attempt), mark);
    const { slots, created } = await syncSubscription(caller.sub, updated, slotsBefore);
    return ok(endpoint, {
      subscriptionId: updated.id,
      quantity: licenseItem(updated).quantity ?? 0,
      added: created,
      licenses: slots.filter((s) => isInForce(s)).map(toView),
    });
  });
});
