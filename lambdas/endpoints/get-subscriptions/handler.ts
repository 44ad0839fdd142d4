import { getSubscriptions as endpoint, type Subscription } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { isInForce } from '../../lib/license-state';
import { keepRenewingChargeOf, nextChargeOf } from '../../lib/next-charge';
import { getAccount, saveSubscription, type Account } from '../../lib/repository/accounts';
import { listSlots, type LicenseSlot } from '../../lib/repository/licenses';
import { parseQuery } from '../../lib/request';
import {
  cancelAbandonedCheckout,
  clientSecretOf,
  customerIdOf,
  openSubscriptionsOf,
  retrieveSubscription,
  snapshotOf,
  type Stripe,
} from '../../lib/stripe';
import type { SubscriptionSnapshot } from '../../lib/subscription-snapshot';
import { LIVE_STATUSES } from '../../lib/subscription-status';

// GET /api/get-subscriptions?uid: the caller's current subscription as the licenses page shows it
// (none or one), from our own records: the subscription's state cached on the account,
// which the webhook, checkout and every action keep current (a missed webhook is healed by the
// scheduled sync, lambdas/jobs/sync-subscriptions.ts), so loading /licenses waits on no Stripe
// request. Only a checkout still waiting for its first payment reads Stripe, for that payment's client
// secret (which is not kept in our records) and for a live subscription it may hide, and a cache from
// before the snapshot carried every field.

const entity = (
  s: SubscriptionSnapshot,
  slots: readonly LicenseSlot[],
  clientSecret: string | null,
): Subscription => ({
  id: s.subscriptionId,
  activeLicenseCount: slots.filter((l) => isInForce(l)).length,
  renewLicenseCount: s.renewing,
  status: s.subscriptionStatus,
  created: s.subscriptionCreated,
  currentPeriodStart: s.periodStart ?? null,
  currentPeriodEnd: s.periodEnd ?? null,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  cardBrand: s.cardBrand ?? null,
  cardLast4: s.cardLast4 ?? null,
  clientSecret,
  priceChange: s.priceChange ?? null,
  nextCharge: nextChargeOf(s),
  keepRenewingCharge: keepRenewingChargeOf(s),
});

/** The cached snapshot, when it has everything the answer needs. */
function cachedSnapshot(account: Account): SubscriptionSnapshot | undefined {
  const { subscriptionId, subscriptionCreated, subscriptionStatus, quantity, renewing, cancelAtPeriodEnd } =
    account;
  if (
    subscriptionId === undefined ||
    subscriptionCreated === undefined ||
    subscriptionStatus === undefined ||
    quantity === undefined ||
    renewing === undefined ||
    cancelAtPeriodEnd === undefined ||
    account.observedAt === undefined ||
    account.unitAmount === undefined ||
    subscriptionStatus === 'incomplete'
  )
    return undefined;
  return {
    ...account,
    subscriptionId,
    subscriptionCreated,
    subscriptionStatus,
    quantity,
    renewing,
    cancelAtPeriodEnd,
    observedAt: account.observedAt,
  };
}

/**
 * A live subscription of the user's that a checkout awaiting payment hides: an account left pointing
 * at a checkout started while its paid subscription was set to end. The paid one takes the pointer
 * back (every read and action works on the subscription in force) and the checkout ends unpaid, so
 * it can no longer be paid beside it.
 */
async function inForceBehind(uid: string, checkout: Stripe.Subscription) {
  const open = await openSubscriptionsOf(customerIdOf(checkout), uid);
  const live = open.find((s) => s.id !== checkout.id && LIVE_STATUSES.includes(s.status));
  if (!live) return undefined;
  const paid = await retrieveSubscription(live.id);
  await saveSubscription(uid, customerIdOf(paid), snapshotOf(paid), checkout.id);
  await cancelAbandonedCheckout(checkout.id);
  return paid;
}

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  // The account and every slot of the user in parallel; the slots are then narrowed to the account's
  // current subscription.
  const [account, allSlots] = await Promise.all([getAccount(uid), listSlots(uid)]);
  if (!account?.subscriptionId) return ok(endpoint, { subscriptions: [] });
  const slotsOf = (id: string) => allSlots.filter((l) => l.subscriptionId === id);

  const cached = cachedSnapshot(account);
  if (cached) return ok(endpoint, { subscriptions: [entity(cached, slotsOf(cached.subscriptionId), null)] });

  const pointed = await retrieveSubscription(account.subscriptionId);
  const sub = (pointed.status === 'incomplete' && (await inForceBehind(uid, pointed))) || pointed;
  const s = snapshotOf(sub);
  await saveSubscription(uid, customerIdOf(sub), s);
  const clientSecret = sub.status === 'incomplete' ? (clientSecretOf(sub) ?? null) : null;
  return ok(endpoint, { subscriptions: [entity(s, slotsOf(sub.id), clientSecret)] });
});
