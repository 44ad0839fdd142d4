import { getSubscriptions as endpoint } from '../contracts/get-subscriptions';
import { assertSelf, getCaller, type ApiEvent } from '../lib/auth';
import { ok, withErrors } from '../lib/http';
import { isInForce } from '../lib/license-view';
import { getAccount, saveSubscription } from '../lib/repository/accounts';
import { listSlots } from '../lib/repository/licenses';
import { parseQuery } from '../lib/request';
import { clientSecretOf, customerIdOf, retrieveSubscription, snapshotOf } from '../lib/stripe';

// GET /api/get-subscriptions?uid: the spec's subscription entity for the caller's current
// subscription (none or one), read live from Stripe so card and period are current.

export const handler = withErrors(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const account = await getAccount(uid);
  if (!account?.subscriptionId) return ok(endpoint, { subscriptions: [] });

  const [sub, slots] = await Promise.all([
    retrieveSubscription(account.subscriptionId),
    listSlots(uid, account.subscriptionId),
  ]);
  const s = snapshotOf(sub);
  // Keep the cached copy current while we have the fresh one (a missed webhook heals here).
  await saveSubscription(uid, customerIdOf(sub), s);
  return ok(endpoint, {
    subscriptions: [
      {
        id: sub.id,
        activeLicenseCount: slots.filter((l) => isInForce(l)).length,
        renewLicenseCount: s.renewing,
        status: sub.status,
        created: sub.created,
        currentPeriodStart: s.periodStart ?? null,
        currentPeriodEnd: s.periodEnd ?? null,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        cardBrand: s.cardBrand ?? null,
        cardLast4: s.cardLast4 ?? null,
        clientSecret: sub.status === 'incomplete' ? (clientSecretOf(sub) ?? null) : null,
      },
    ],
  });
});
