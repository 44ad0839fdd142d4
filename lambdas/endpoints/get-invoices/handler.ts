import { getInvoices as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { billingHistory } from '../../lib/billing-history';
import { ok, apiHandler } from '../../lib/http';
import { parseQuery } from '../../lib/request';

// GET /api/get-invoices[?subscriptionId]: the billing history of the caller's current subscription
// (lib/billing-history.ts says which invoices it lists); a subscription id in the query must be the
// caller's own.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const query = parseQuery(event, endpoint.query);
  return ok(endpoint, await billingHistory(caller, query.subscriptionId));
});
