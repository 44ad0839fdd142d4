import { getLicenses as endpoint } from '../contracts/get-licenses';
import { assertSelf, getCaller, type ApiEvent } from '../lib/auth';
import { ok, apiHandler } from '../lib/http';
import { isInForce, toView } from '../lib/license-state';
import { getAccount } from '../lib/repository/accounts';
import { listSlots } from '../lib/repository/licenses';
import { parseQuery } from '../lib/request';

// GET /api/get-licenses?uid: the spec's license data from our records alone (no Stripe call): the
// customer, the current subscription and its status, and every license still in force.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const [account, slots] = await Promise.all([getAccount(uid), listSlots(uid)]);
  const now = Date.now();
  return ok(endpoint, {
    customerId: account?.customerId ?? null,
    subscriptionId: account?.subscriptionId ?? null,
    subscriptionStatus: account?.subscriptionStatus ?? null,
    licenses: slots.filter((s) => isInForce(s, now)).map(toView),
  });
});
