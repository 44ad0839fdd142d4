import { getLicenses as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { isInForce, toView } from '../../lib/license-state';
import { getAccount } from '../../lib/repository/accounts';
import { listSlots } from '../../lib/repository/licenses';
import { parseQuery } from '../../lib/request';

// GET /api/get-licenses?uid: the license data the licenses page shows, from our records alone (no Stripe call): the
// customer, the current subscription and its status, every license still in force, and the current
// subscription's licenses that ended (so a subscriber whose subscription ended sees what ended and when).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const [account, slots] = await Promise.all([getAccount(uid), listSlots(uid)]);
  const now = Date.now();
  const current = account?.subscriptionId;
  return ok(endpoint, {
    customerId: account?.customerId ?? null,
    subscriptionId: current ?? null,
    subscriptionStatus: account?.subscriptionStatus ?? null,
    licenses: slots.filter((s) => isInForce(s, now)).map(toView),
    ended: slots
      .filter((s) => current !== undefined && s.subscriptionId === current && !isInForce(s, now))
      .map(toView)
      .sort((a, b) => b.expirationDate.localeCompare(a.expirationDate)),
  });
});
