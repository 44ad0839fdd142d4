import { quoteLicenses as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, ok, apiHandler } from '../../lib/http';
import { requireOwnAccount } from '../../lib/ownership';
import { parseQuery } from '../../lib/request';
import { licenseItem, previewRaise, retrieveSubscription, snapshotOf } from '../../lib/stripe';
import { IN_FORCE_STATUSES } from '../../lib/subscription-status';
import { QUOTE_TTL_SECONDS } from '../../money/plans';

// GET /api/quote-licenses?count[&subscriptionId]: what adding `count` licenses would charge now
// (Stripe's invoice preview of the prorated change, on Stripe's clock), for the licenses page to show
// before buying. The answer's prorationDate goes back with add-licenses, which charges exactly this
// amount until expiresAt (docs/billing.md, "Adding licenses: the quote is the charge").

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
    amountDue: preview.amountDue,
    prorationDate: preview.prorationDate,
    expiresAt: preview.prorationDate + QUOTE_TTL_SECONDS,
    currency: preview.currency,
    unitAmount: item.price.unit_amount,
    periodEnd: snapshotOf(sub).periodEnd ?? null,
  });
});
