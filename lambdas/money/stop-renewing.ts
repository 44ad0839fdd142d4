import { isoFromEpoch } from '../lib/license-state';
import { saveSubscription } from '../lib/repository/accounts';
import {
  listSlots,
  requestSlotRemoval,
  setSlotExpiration,
  type LicenseSlot,
} from '../lib/repository/licenses';
import { allDone } from '../lib/settle';
import { keySourceOf, lowerRenewingQuantity, snapshotOf, type Stripe } from '../lib/stripe';
import type { SubscriptionSnapshot } from '../lib/subscription-snapshot';
import { changeMark, withChangeMark } from './change-marks';
import type { RemovePlan } from './plans';
import { lowerRenewingKey } from './retry-keys';
import type { UserAction } from './user-action';

// The licenses a buyer stops renewing (remove-licenses: the chosen ones; cancel-subscription: every
// renewing one) end with the current period: no refund; the renewing quantity drops, and at zero the
// subscription is set to end. Each chosen slot records the removal with the action's change mark
// first, Stripe is changed second (with the same mark), and the slots are dated last, so a sync that
// runs after Stripe's change and before the dating retires exactly these keys (DESIGN.md).

export interface Stopped {
  updated: Stripe.Subscription;
  snapshot: SubscriptionSnapshot;
  /** Every slot of the subscription afterwards. */
  slots: LicenseSlot[];
}

/** Carries out `plan` (planRemove's, not a refusal) for `chosen`, held under the account's lease. */
export async function stopRenewing(args: {
  uid: string;
  customerId: string;
  sub: Stripe.Subscription;
  slots: LicenseSlot[];
  chosen: LicenseSlot[];
  plan: Exclude<RemovePlan, { do: 'refuse' }>;
  action: UserAction;
}): Promise<Stopped> {
  const { uid, customerId, sub, slots, chosen, plan, action } = args;
  const mark = action.key ? changeMark(action.key) : undefined;
  await allDone(chosen.map((s) => requestSlotRemoval(uid, s.sk, mark)));
  const updated =
    plan.do === 'lower'
      ? await lowerRenewingQuantity(
          sub,
          plan.renewing,
          lowerRenewingKey(keySourceOf(sub), plan.renewing, action.attempt),
          withChangeMark(sub.metadata, mark),
        )
      : sub;
  const snapshot = snapshotOf(updated);
  const end = isoFromEpoch(snapshot.periodEnd ?? Math.floor(Date.now() / 1000));
  const [, ...dated] = await allDone<unknown>([
    saveSubscription(uid, customerId, snapshot),
    ...chosen.map((s) => setSlotExpiration(uid, s.sk, end)),
  ]);
  // Each slot got this end date unless a retried removal dated it first: then read back the date
  // that was stored.
  const after = dated.every(Boolean)
    ? slots.map((s) => (chosen.includes(s) ? { ...s, expirationDate: end } : s))
    : await listSlots(uid, sub.id);
  return { updated, snapshot, slots: after };
}
