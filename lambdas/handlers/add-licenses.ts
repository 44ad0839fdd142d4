import { getCaller, type ApiEvent } from '../lib/auth';
import { conflict, ok, withErrors } from '../lib/http';
import { syncSubscription } from '../lib/licensing';
import { isInForce, toView } from '../lib/license-view';
import { requireOwnAccount } from '../lib/ownership';
import { listSlots } from '../lib/repository/licenses';
import { fields, parseJsonBody } from '../lib/request';
import * as z from 'zod/mini';
import { IN_FORCE_STATUSES, licenseItem, raiseQuantity, retrieveSubscription } from '../lib/stripe';

// PUT /api/add-licenses {customerId, subscriptionId, count}: raises the quantity of an active
// subscription with an immediate prorated charge; the keys are provisioned only after Stripe
// accepted the charge (a declined card answers 402 and changes nothing).

const schema = z.strictObject({
  customerId: fields.customerId,
  subscriptionId: fields.subscriptionId,
  count: fields.count,
});

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, schema);
  await requireOwnAccount(caller, body);

  // The slots are listed before Stripe is read (and changed), so syncSubscription can pair them with
  // the updated quantity without reading Stripe again.
  const [sub, slotsBefore] = await Promise.all([
    retrieveSubscription(body.subscriptionId),
    listSlots(caller.sub, body.subscriptionId),
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
  // The target quantity (not "+count") goes to Stripe: a doubled request computes the same target
  // and the same idempotency key, so it charges once.
  const quantity = (licenseItem(sub).quantity ?? 0) + body.count;
  const updated = await raiseQuantity(sub, quantity);
  const { slots, created } = await syncSubscription(caller.sub, updated, slotsBefore);
  return ok({
    subscriptionId: updated.id,
    quantity,
    added: created,
    licenses: slots.filter((s) => isInForce(s)).map(toView),
  });
});
