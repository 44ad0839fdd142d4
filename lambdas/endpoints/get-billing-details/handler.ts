import { getBillingDetails as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { apiHandler, ok } from '../../lib/http';
import { readBillingDetails } from '../../lib/repository/billing-details';
import { parseQuery } from '../../lib/request';

// GET /api/get-billing-details?uid: the billing details the caller last set, from our records (no
// Stripe call), for the form on the licenses page; null when none were set.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  return ok(endpoint, { billingDetails: await readBillingDetails(uid) });
});
