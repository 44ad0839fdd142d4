import { assertSelf, getCaller, type ApiEvent } from '../lib/auth';
import { ok, withErrors } from '../lib/http';
import { isInForce } from '../lib/license-view';
import { getAccount, saveSubscription } from '../lib/repository/accounts';
import { listSlots } from '../lib/repository/licenses';
import { fields, parseQuery } from '../lib/request';
import * as z from 'zod/mini';
import { clientSecretOf, customerIdOf, retrieveSubscription, snapshotOf } from '../lib/stripe';

// GET /api/get-subscriptions?uid: the spec's subscription entity for the caller's current
// subscription (none or one), read live from Stripe so card and period are current.

const schema = z.strictObject({ uid: fields.uid });

export const handler = withErrors(async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, schema);
  assertSelf(caller, uid);
  const account = await getAccount(uid);
  if (!account?.subscriptionId) return ok({ subscriptions: [] });

  const [sub, slots] = await Promise.all([
    retrieveSubscription(account.subscriptionId),
    listSlots(uid, account.subscriptionId),
  ]);
  const s = snapshotOf(sub);
  // Keep the cached copy current while we have the fresh one (a missed webhook heals here).
  await saveSubscription(uid, customerIdOf(sub), s);
  return ok({
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
