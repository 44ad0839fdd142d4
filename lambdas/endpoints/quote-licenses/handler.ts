import { quoteLicenses as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, ok, apiHandler } from '../../lib/http';
import { requireOwnAccount } from '../../lib/ownership';
import { parseQuery } from '../../lib/request';
import { licenseItem, previewRaise, retrieveSubscription, snapshotOf } from '../../lib/stripe';
import { IN_FORCE_STATUSES } from '../../lib/subscription-status';

// GET /api/quote-licenses?count[&subscriptionId]: what adding `count` licenses would charge today
// (Stripe's invoice preview of the prorated change), for the licenses page to show before buying.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { count, subscriptionId } = parseQuery(event, endpoint.query);
  const account = await requireOwnAccount(caller, { subscriptionId });
  const sub = await retrieveSubscription(account.subscriptionId);
  if (!IN_FORCE_STATUSES.includes(sub.status) || sub.cancel_at_period_end) {
    throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'Licenses can only be added to an active subscription.');
  }
  const item = licenseItem(sub);
  const quantity = (item.quantity ?? 0) + count;
  const preview = await previewRaise(sub, quantity);
  return ok(endpoint, {
    count,
    quantity,
    amountDue: preview.amount_due,
    currency: preview.currency,
    unitAmount: item.price.unit_amount,
    periodEnd: snapshotOf(sub).periodEnd ?? null,
  });
});
