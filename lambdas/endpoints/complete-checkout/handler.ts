import { completeCheckout as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { ApiError, conflict, ok, apiHandler } from '../../lib/http';
import { syncSubscription } from '../../money/sync';
import { isInForce, toView } from '../../lib/license-state';
import { getAccount } from '../../lib/repository/accounts';
import { listSlots } from '../../lib/repository/licenses';
import { parseQuery } from '../../lib/request';
import { ownCardId, requireOwnCard } from '../../lib/ownership';
import { retrievePaymentMethod, retrieveSubscription, setDefaultPaymentMethod } from '../../lib/stripe';
import { ENDED_STATUSES } from '../../lib/subscription-status';
import { withAccountLease } from '../../money/lease';

// GET /api/complete-checkout?uid&pmid, after the card payment succeeded in the browser: the card
// becomes the default, the account records the active subscription and the license keys exist.
// Safe to call twice (and the webhook does the same work if this call never arrives).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid, pmid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);

  return withAccountLease(uid, async () => {
    const account = await getAccount(uid);
    if (!account?.customerId || !account.subscriptionId) {
      throw conflict('NO_CHECKOUT', 'There is no checkout to complete. Start one first.');
    }
    // Listed under the lease, so syncSubscription can use them.
    const [pm, slotsListed] = await Promise.all([
      retrievePaymentMethod(pmid),
      listSlots(uid, account.subscriptionId),
    ]);
    requireOwnCard(pm, account.customerId);

    let sub = await retrieveSubscription(account.subscriptionId);
    if (sub.status === 'incomplete') {
      throw new ApiError(
        402,
        'PAYMENT_INCOMPLETE',
        'The payment has not succeeded. Please try another payment method.',
      );
    }
    if (ENDED_STATUSES.includes(sub.status)) {
      throw conflict('CHECKOUT_EXPIRED', 'This checkout has ended. Please start again.');
    }
    const cardId = await ownCardId(pm, account.customerId);
    const currentDefault =
      typeof sub.default_payment_method === 'string'
        ? sub.default_payment_method
        : sub.default_payment_method?.id;
    if (currentDefault !== cardId) sub = await setDefaultPaymentMethod(account.customerId, sub.id, cardId);
    const { snapshot, slots } = await syncSubscription(uid, sub, slotsListed);
    return ok(endpoint, {
      subscriptionId: sub.id,
      subscriptionStatus: snapshot.subscriptionStatus,
      licenses: slots.filter((s) => isInForce(s)).map(toView),
    });
  });
});
