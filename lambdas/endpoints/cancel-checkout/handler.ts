import { cancelCheckout as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, ok, apiHandler } from '../../lib/http';
import { requireOwnAccount } from '../../lib/ownership';
import { saveSubscription } from '../../lib/repository/accounts';
import { parseJsonBody } from '../../lib/request';
import {
  cancelAbandonedCheckout,
  refundSubscriptionPayments,
  retrieveSubscription,
  snapshotOf,
} from '../../lib/stripe';
import { ENDED_STATUSES } from '../../lib/subscription-status';
import { runUserAction } from '../../money/user-action';

// PUT /api/cancel-checkout {customerId, subscriptionId}: the user drops a checkout they have not paid.
// The incomplete subscription is cancelled in Stripe and its first invoice voided (so a card form
// still open in another tab can no longer pay it), and the account records it as ended, so the
// licenses page offers Buy Licenses again. A subscription already ended (a retry, a second tab, or
// Stripe's own expiry) answers the same; a paid one is refused. A user action
// (lambdas/money/DESIGN.md).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  await requireOwnAccount(caller, body);

  return runUserAction(event, caller.sub, { route: 'cancel-checkout', input: body }, async () => {
    const sub = await retrieveSubscription(body.subscriptionId);
    if (sub.status !== 'incomplete' && !ENDED_STATUSES.includes(sub.status)) {
      throw conflict(
        'CHECKOUT_PAID',
        'This checkout is already paid. Your licenses are on the Licenses page; remove them there to stop renewing.',
      );
    }
    const ended = sub.status === 'incomplete' ? await cancelAbandonedCheckout(sub.id) : sub;
    // Paid in another tab between the read and the cancel: the payment is given back, as nothing
    // the user holds came of it.
    const invoice = typeof ended.latest_invoice === 'object' ? ended.latest_invoice : null;
    if (invoice?.status === 'paid') {
      await refundSubscriptionPayments(ended, { uid: caller.sub, reason: 'checkout cancelled' });
    }
    await saveSubscription(caller.sub, body.customerId, snapshotOf(ended));
    return ok(endpoint, { subscriptionId: ended.id, status: ended.status });
  });
});
