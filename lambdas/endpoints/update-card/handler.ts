import { updateCard as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, ok, apiHandler } from '../../lib/http';
import { syncSubscription } from '../../money/sync';
import { ownCardId, requireOwnAccount, requireOwnCard } from '../../lib/ownership';
import { parseJsonBody } from '../../lib/request';
import {
  payOpenInvoices,
  retrievePaymentMethod,
  retrieveSubscription,
  setDefaultPaymentMethod,
} from '../../lib/stripe';
import { ENDED_STATUSES, UNPAID_STATUSES } from '../../lib/subscription-status';
import { runUserAction } from '../../money/user-action';

// PUT /api/update-card {subscriptionId, paymentMethodId}: attaches the card, makes it the default
// for the customer and the subscription, and retries the open invoice of a past-due subscription. A
// user action whose every step repeats safely (lambdas/money/DESIGN.md).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const account = await requireOwnAccount(caller, { subscriptionId: body.subscriptionId });

  return runUserAction(event, caller.sub, { route: 'update-card', input: body }, async () => {
    // Both reads are only reads; the subscription is already known to be the caller's.
    const [pm, current] = await Promise.all([
      retrievePaymentMethod(body.paymentMethodId),
      retrieveSubscription(body.subscriptionId),
    ]);
    requireOwnCard(pm, account.customerId);
    if (ENDED_STATUSES.includes(current.status))
      throw conflict('SUBSCRIPTION_ENDED', 'The subscription has ended.');
    const cardId = await ownCardId(pm, account.customerId); // a declined card answers 402 here
    let sub = await setDefaultPaymentMethod(account.customerId, current.id, cardId);

    let paidInvoices = 0;
    if (UNPAID_STATUSES.includes(current.status)) {
      paidInvoices = await payOpenInvoices(current.id, cardId);
      if (paidInvoices > 0) sub = await retrieveSubscription(current.id); // paying changed its status
    }
    const { snapshot } = await syncSubscription(caller.sub, sub);
    return ok(endpoint, {
      subscriptionId: sub.id,
      status: snapshot.subscriptionStatus,
      cardBrand: snapshot.cardBrand ?? null,
      cardLast4: snapshot.cardLast4 ?? null,
      paidInvoices,
    });
  });
});
