import { assertSelf, getCaller, type ApiEvent } from '../lib/auth';
import { ok, withErrors } from '../lib/http';
import { isInForce, toView } from '../lib/license-view';
import { getAccount } from '../lib/repository/accounts';
import { listSlots } from '../lib/repository/licenses';
import { fields, parseQuery } from '../lib/request';
import * as z from 'zod/mini';

// GET /api/get-licenses?uid: the spec's license data from our records alone (no Stripe call): the
// customer, the current subscription and its status, and every license still in force.

const schema = z.strictObject({ uid: fields.uid });

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, schema);
  assertSelf(caller, uid);
  const [account, slots] = await Promise.all([getAccount(uid), listSlots(uid)]);
  const now = Date.now();
  return ok({
    customerId: account?.customerId ?? null,
    subscriptionId: account?.subscriptionId ?? null,
    subscriptionStatus: account?.subscriptionStatus ?? null,
    licenses: slots.filter((s) => isInForce(s, now)).map(toView),
  });
});
