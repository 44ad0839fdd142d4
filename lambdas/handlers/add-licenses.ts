import { addLicenses as endpoint } from '../contracts/add-licenses';
import { getCaller, type ApiEvent } from '../lib/auth';
import { conflict, ok, withErrors } from '../lib/http';
import { listSlotsForSync, syncSubscription } from '../lib/licensing';
import { isInForce, toView } from '../lib/license-view';
import { requireOwnAccount } from '../lib/ownership';
import { parseJsonBody } from '../lib/request';
import {
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
// (user-action.ts): under the account's lease, once per Idempotency-Key.

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
    if (!IN_FORCE_STATUSES.includes(sub.status)) {
      throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'Licenses can only be added to an active subscription.');
    }
    if (sub.cancel_at_period_end) {
      throw conflict(
        'SUBSCRIPTION_ENDING',
        'This subscription ends at the end of the period. Buy new licenses to start a new subscription.',
      );
    }
    // The target quantity (not "+count") goes to Stripe, read under the account's lease so no other
    // change interleaves. It is decided once per user action: a retry after a failure (Stripe may
    // have charged) sends the same target under the same Stripe key, and Stripe answers the first
    // result instead of charging again.
    const plan = await action.plan(() => {
      const quantity = (licenseItem(sub).quantity ?? 0) + body.count;
      return { quantity, stripeKey: raiseQuantityKey(sub, quantity, action.key) };
    });
    const updated = await raiseQuantity(sub, plan.quantity, plan.stripeKey);
    const { slots, created } = await syncSubscription(caller.sub, updated, slotsBefore);
    return ok(endpoint, {
      subscriptionId: updated.id,
      quantity: plan.quantity,
      added: created,
      licenses: slots.filter((s) => isInForce(s)).map(toView),
    });
  });
});
